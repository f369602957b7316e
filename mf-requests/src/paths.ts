import { dashboardPath, type RequestRecord } from '@imprest/domain';

/** The routes of the requests section as the shell mounts it, from the dashboard's route table (docs/screens.md). */
export const PATHS = {
  home: dashboardPath('home'),
  list: dashboardPath('requests'),
  /** The Unretired Requests tile's rows: approved requests whose money is not yet accounted for. */
  unretired: `${dashboardPath('requests')}?unretired=true`,
  retirement: (id: number) => dashboardPath('retirement', { id }),
  form: dashboardPath('newRequests'),
  /** The list's action and the home table open the same detail page under its two routes. */
  detail: (id: number) => dashboardPath('request', { id }),
  view: (id: number) => dashboardPath('viewRequest', { id }),
  /** The approval matrix (the users section), linked from a request's chain. */
  approvalMatrix: dashboardPath('approvalMatrix'),
} as const;

/** Navigation state of the form when it edits a returned request (docs/screens.md "Dashboard routes"). */
export interface RequestFormState {
  currentRequest?: RequestRecord;
  isEdit?: boolean;
  isAdmin?: boolean;
}
