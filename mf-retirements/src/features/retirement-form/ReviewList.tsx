import { useOrganizationTimeZone } from '@imprest/api-client';
import { ROLE_LABELS, reviewerOrdinal, type RetirementReview } from '@imprest/domain';
import { Text } from '@imprest/ui';
import { ReviewStepPanel, ReviewSteps } from '@imprest/ui/forms';
import { TEXT } from '../../strings';

const { reviews: text } = TEXT;

const PALETTE = { pending: 'gray', approved: 'green', rejected: 'red', request_edit: 'orange' } as const;

function ReviewPanel({ review, index, closed }: { review: RetirementReview; index: number; closed: boolean }) {
  const timeZone = useOrganizationTimeZone();
  const role = ROLE_LABELS[review.reviewer_role];
  const pending = review.status === 'pending';
  return (
    <ReviewStepPanel
      label={text.ordinal(reviewerOrdinal(index))}
      palette={PALETTE[review.status]}
      state={review.status}
      who={pending ? (closed ? role : text.awaiting(role)) : review.reviewer_name}
      status={pending && closed ? text.notReached : text.status[review.status]}
      acted={pending ? undefined : { comments: review.comments, noComment: text.noComment, at: review.acted_at, timeZone }}
    >
      {!pending && (
        <Text fontSize="sm" color="fg.muted">
          {role}
        </Text>
      )}
    </ReviewStepPanel>
  );
}

/**
 * One panel per step of the chain, in order. Once a step rejected, the steps after it were never
 * reached: they say so instead of 'Awaiting … – Pending'.
 */
export function ReviewList({ reviews, heading = text.heading }: { reviews: readonly RetirementReview[]; heading?: string }) {
  if (reviews.length === 0) return null;
  const ordered = [...reviews].sort((a, b) => a.position - b.position);
  const closed = ordered.some((r) => r.status === 'rejected');
  return (
    <ReviewSteps heading={heading}>
      {ordered.map((review, index) => (
        <ReviewPanel key={review.id} review={review} index={index} closed={closed} />
      ))}
    </ReviewSteps>
  );
}
