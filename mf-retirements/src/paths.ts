/** The routes of the retirements section as the shell mounts it (docs/screens.md). */
export const PATHS = {
  list: '/dashboard/retirements',
  form: (id: number) => `/dashboard/retirements/${id}`,
  /** Where every retirement action ends (docs/screens.md "Retirement form"), replacing the history entry. */
  requests: '/dashboard/requests',
  request: (id: number) => `/dashboard/requests/${id}`,
} as const;
