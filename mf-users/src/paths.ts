import { dashboardPath } from '@imprest/domain';

/** The routes of the users section as the shell mounts it, from the dashboard's route table (docs/screens.md). */
export const PATHS = {
  users: dashboardPath('users'),
  newUsers: dashboardPath('newUsers'),
  viewUser: (id: number) => dashboardPath('viewUser', { id }),
  approvalMatrix: dashboardPath('approvalMatrix'),
  approvalObject: dashboardPath('approvalObject'),
} as const;

/** Navigation state the approval edit page leaves after a save, so the matrix page can say so. */
export interface MatrixSavedState {
  matrixSaved?: boolean;
}
