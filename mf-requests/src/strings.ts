/** Texts of the requests section, worded as SPEC.md has them. */
export const TEXT = {
  tiles: {
    profile: 'Profile',
    role: 'Role',
    pending: 'Request Pending Approval',
    approved: 'Approved Requests',
    rejected: 'Rejected Requests',
    unretired: 'Unretired Requests',
  },
  recent: 'Recent Requests',
  soon: 'Request counts and the Recent Requests table arrive with the requests release.',
  requests: 'Requests',
  newRequest: 'New Requests',
  viewRequest: 'View Request',
} as const;
