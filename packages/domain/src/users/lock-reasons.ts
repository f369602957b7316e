// A value list of the contract's user schema (and of the server's lock job): below both, importing neither.
/** Why an account is locked: by a finance user by hand, or by the midnight overdue-retirement job. */
export const LOCK_REASONS = ['manual', 'overdue'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];
