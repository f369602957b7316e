import { dashboardPath } from '@imprest/domain';

/** The routes of the retirements section as the shell mounts it, from the dashboard's route table (docs/screens.md). */
export const PATHS = {
  list: dashboardPath('retirements'),
  form: (id: number) => dashboardPath('retirement', { id }),
  /** Where every retirement action ends (docs/screens.md "Retirement form"), replacing the history entry. */
  requests: dashboardPath('requests'),
  request: (id: number) => dashboardPath('request', { id }),
} as const;
