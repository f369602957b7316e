import { useOrganizationTimeZone } from '@imprest/api-client';
import { ROLE_LABELS, reviewerOrdinal, type RequestStatus, type Review } from '@imprest/domain';
import { Text } from '@imprest/ui';
import { ReviewStepPanel, ReviewSteps } from '@imprest/ui/forms';
import { TEXT } from '../../strings';
import { stepStateOf } from './progress-steps';
import { STEP_STYLE } from './step-style';
import { DETAIL_TEXT } from './strings';

const { reviews: text } = DETAIL_TEXT;

function ReviewPanel({ review, index, stopped }: { review: Review; index: number; stopped: boolean }) {
  const timeZone = useOrganizationTimeZone();
  const pending = review.status === 'pending';
  // after a rejection or a return the later steps were never reached: not 'Awaiting … – Pending'
  const closed = pending && stopped;
  const { palette, Icon } = STEP_STYLE[closed ? 'closed' : stepStateOf(review.status)];
  const role = ROLE_LABELS[review.reviewer_role];
  return (
    <ReviewStepPanel
      label={text.ordinal(reviewerOrdinal(index))}
      palette={palette}
      state={closed ? 'closed' : review.status}
      who={closed ? role : pending && !review.reviewer_name ? text.awaiting(role) : review.reviewer_name}
      status={
        <>
          <Icon />
          {closed ? DETAIL_TEXT.stepStatus.closed : TEXT.status[review.status]}
        </>
      }
      acted={pending ? undefined : { comments: review.comments, noComment: text.noComment, at: review.acted_at, timeZone }}
      printBox
    >
      {/* the step's role only: reviewer_title is the user's position (staff, admin or director), a role group and no title */}
      <Text fontSize="sm" color="fg.muted">
        {role}
      </Text>
      {/* a delegate acted: whose step it was */}
      {review.on_behalf_of_name && !closed && (
        <Text fontSize="sm" color="fg.muted" data-on-behalf>
          for {review.on_behalf_of_name}
        </Text>
      )}
    </ReviewStepPanel>
  );
}

/** One panel per step of the chain (reviews in chain order), coloured and labelled by its status. */
export function ReviewPanels({ reviews, status }: { reviews: readonly Review[]; status: RequestStatus }) {
  const stopped = status === 'rejected' || status === 'request_edit';
  return (
    <ReviewSteps heading={text.heading} headingId="request-reviews">
      {reviews.map((review, index) => (
        <ReviewPanel key={review.id} review={review} index={index} stopped={stopped} />
      ))}
    </ReviewSteps>
  );
}
