/** The routes of the retirements section as the shell mounts it (SPEC §2). */
export const PATHS = {
  list: '/dashboard/retirements',
  form: (id: number) => `/dashboard/retirements/${id}`,
  /** Where every retirement action ends (SPEC §2 "Retirement form"), replacing the history entry. */
  requests: '/dashboard/requests',
  request: (id: number) => `/dashboard/requests/${id}`,
} as const;
