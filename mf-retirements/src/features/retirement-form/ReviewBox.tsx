import { useOnline } from '@imprest/api-client/offline';
import { useReviewRetirement } from '@imprest/api-client/query';
import { ROLE_LABELS, firstPendingReview, type Retirement } from '@imprest/domain';
import { Box, Heading, Stack, Text } from '@imprest/ui';
import { DecisionButtons, ReviewCommentField, useReviewComment } from '@imprest/ui/forms';
import { TEXT } from '../../strings';
import { Outcome } from './Outcome';
import { useActionOutcome } from './use-retirement-action';
import { OFFLINE_RETIREMENT_TEXT } from './offline-text';

const { form: text } = TEXT;

type Decision = 'approved' | 'rejected';

const DECISIONS = [
  { value: 'rejected', label: text.reject, palette: 'red', outline: true },
  { value: 'approved', label: text.accept, palette: 'green' },
] as const;

/**
 * The reviewer whose step is first: a comment for the requester, then Reject (needs a comment) or
 * Accept. No reviewer ticks Cash Returned: whether the difference came back is the settlement a
 * finance user records once the retirement is approved (SettlementPanel).
 */
export function ReviewBox({
  retirement: r,
  onBehalfOf,
  onReviewed,
  refetch,
}: {
  retirement: Retirement;
  /** The delegator whose step the viewer takes through a running delegation. */
  onBehalfOf?: string;
  onReviewed: () => void;
  refetch: () => unknown;
}) {
  const box = useReviewComment();
  const mutation = useReviewRetirement();
  // a review moves money: never queued, so offline it waits for a connection
  const online = useOnline();
  const { outcome, handlers } = useActionOutcome(refetch);
  const step = firstPendingReview(r.reviews);
  if (!step) return null;

  const decide = (status: Decision) => {
    const comments = box.comment.trim();
    if (status === 'rejected' && !comments) return box.setProblem(text.rejectNeedsComment);
    box.setProblem(null);
    handlers.onMutate();
    mutation.mutate({ id: r.id, review_id: step.id, status, comments }, { onSuccess: () => onReviewed(), onError: handlers.onError });
  };
  const sending = mutation.isPending ? mutation.variables?.status : undefined;

  return (
    <Box as="section" aria-label={text.yourReview} bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }}>
      <Stack gap="3">
        <Heading as="h3" size="md">
          {text.yourReview}
        </Heading>
        {onBehalfOf && (
          <Text fontSize="sm" color="fg.muted" data-testid="acting-for">
            {text.actingFor(onBehalfOf, ROLE_LABELS[step.reviewer_role])}
          </Text>
        )}
        <ReviewCommentField label={text.fields.reviewComments} value={box.comment} onChange={box.onChange} problem={box.problem} />
        <Outcome outcome={outcome} failed={text.reviewFailed} />
        {!online && (
          <Text fontSize="sm" color="fg.muted" data-testid="offline-reason">
            {OFFLINE_RETIREMENT_TEXT.reviewOffline}
          </Text>
        )}
        <DecisionButtons decisions={DECISIONS} disabled={mutation.isPending || !online} sending={sending} onDecide={decide} />
      </Stack>
    </Box>
  );
}
