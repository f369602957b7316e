import { dashboardPath, type RequestRecord } from '@imprest/domain';

/** The routes of the requests section as the shell mounts it, from the dashboard's route table (docs/screens.md). */
export const PATHS = {
  home: dashboardPath('home'),
  list: dashboardPath('requests'),
  retirement: (id: number) => dashboardPath('retirement', { id }),
  /**
   * The Unretired Requests tile's link: the retirement list showing what is still owed (pending or
   * rejected), the one way to that list on a phone, whose footer omits Retirements (docs/screens.md).
   */
  owedRetirements: `${dashboardPath('retirements')}?owed=true`,
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
