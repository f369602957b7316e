import { ROLE_LABELS, type SystemRole } from '@imprest/domain';

/** Every refusal of the retirement calls, in one place. */
export const RETIREMENT_MESSAGES = {
  notLatest: 'Only the latest version of a request can be retired',
  notApproved: 'Only an approved request can be retired',
  alreadyAttached: 'This request already has a retirement',
  ownerOnly: 'Only the owner of a retirement submits it or asks to resubmit it',
  notPending: 'This retirement was already submitted; it can be changed only after a rejection and Request to Resubmit',
  notRejected: 'Only a rejected retirement can be reopened for resubmission',
  currency: (currency: string) => `The retirement is in the request's currency (${currency.toUpperCase()})`,
  amount: 'Total Amount Spent must be zero or more, with at most two decimals',
  ownRetirement: 'You cannot review your own retirement',
  notUnderReview: 'This retirement is not under review',
  stepTaken: 'This retirement was already reviewed at this step: somebody acted on it first',
  alreadyReviewed: 'You have already reviewed this retirement',
  stepOf: (role: SystemRole) => `This step is for the ${ROLE_LABELS[role]}`,
  awaitsFirst: (role: SystemRole) => `This retirement awaits the ${ROLE_LABELS[role]} first`,
  rejectNeedsComment: 'Say why the retirement is rejected in the comments',
} as const;
