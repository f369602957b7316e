import type { RetirementStatus } from '@imprest/domain';

/** A retirement its owner still owes: not yet submitted, or sent back by a reviewer (docs/product-rules.md §Account lock). */
export const OWED_STATUSES: RetirementStatus[] = ['pending', 'rejected'];
