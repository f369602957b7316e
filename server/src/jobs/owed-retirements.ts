import { OWED_STATUSES as OWED } from '@imprest/domain';

/** A retirement its owner still owes: the domain's list (the list's owed filter reads it too). */
export const OWED_STATUSES = [...OWED];
