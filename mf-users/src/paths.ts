/** The routes of the users section as the shell mounts it (docs/screens.md). */
export const PATHS = {
  users: '/dashboard/users',
  newUsers: '/dashboard/new-users',
  viewUser: (id: number) => `/dashboard/view-user/${id}`,
  approvalMatrix: '/dashboard/approval-matrix',
  approvalObject: '/dashboard/approval-object',
} as const;

/** Navigation state the approval edit page leaves after a save, so the matrix page can say so. */
export interface MatrixSavedState {
  matrixSaved?: boolean;
}
