import type { RequestRecord } from '@imprest/domain';

/** The routes of the requests section as the shell mounts it (docs/screens.md). */
export const PATHS = {
  home: '/dashboard',
  list: '/dashboard/requests',
  /** The Unretired Requests tile's rows: approved requests whose money is not yet accounted for. */
  unretired: '/dashboard/requests?unretired=true',
  retirement: (id: number) => `/dashboard/retirements/${id}`,
  form: '/dashboard/new-requests',
  /** The list's action and the home table open the same detail page under its two routes. */
  detail: (id: number) => `/dashboard/requests/${id}`,
  view: (id: number) => `/dashboard/view-request/${id}`,
} as const;

/** Navigation state of the form when it edits a returned request (docs/screens.md "Dashboard routes"). */
export interface RequestFormState {
  currentRequest?: RequestRecord;
  isEdit?: boolean;
  isAdmin?: boolean;
}
