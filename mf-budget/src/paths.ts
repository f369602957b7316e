/** The routes of the budget section as the shell mounts it (docs/screens.md). */
export const PATHS = {
  list: '/dashboard/budget',
  reports: '/dashboard/budget/reports',
  detail: (code: number) => `/dashboard/budget/${code}`,
  add: '/dashboard/new-budget',
  edit: (code: number) => `/dashboard/edit-budget/${code}`,
  request: (id: number) => `/dashboard/view-request/${id}`,
} as const;

/** The full code in a route, or null when the segment is not one. */
export function codeParam(value: string | undefined): number | null {
  return value && /^\d{1,6}$/.test(value) ? Number(value) : null;
}

/** Navigation state of the detail route: the edit page sends the user there after a delete. */
export interface DetailState {
  deleted?: boolean;
}
