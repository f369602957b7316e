// The entity types of delegations, action links and bulk review, as the contract defines them.
export type {
  AwaitingReview,
  BulkAcceptInput,
  BulkReviewItem,
  Delegation,
  DelegationListQuery,
  DelegationPage,
  NewDelegationInput,
  ReviewQueue,
} from '../contract/delegations';
export type { ReviewLinkActInput, ReviewLinkActResult, ReviewLinkView } from '../contract/review-links';
