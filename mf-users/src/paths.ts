/** The routes of the users section as the shell mounts it (SPEC §2). */
export const PATHS = {
  users: '/dashboard/users',
  newUsers: '/dashboard/new-users',
  viewUser: (id: number) => `/dashboard/view-user/${id}`,
} as const;
