import { useState } from 'react';
import { useOnline } from '@imprest/api-client/offline';
import { useReviewRetirement } from '@imprest/api-client/query';
import { REVIEW_COMMENTS_MAX, cashReturnedLabel, firstPendingReview, type Retirement } from '@imprest/domain';
import { Box, Button, Field, Flex, Heading, Stack, Text, Textarea, chakra } from '@imprest/ui';
import { TEXT } from '../../strings';
import { Outcome } from './Outcome';
import { useActionOutcome } from './use-retirement-action';
import { OFFLINE_RETIREMENT_TEXT } from './offline-text';

const { form: text } = TEXT;

type Decision = 'approved' | 'rejected';

/**
 * The reviewer whose step is first: a comment for the requester, Cash Returned when less was spent
 * than received (labelled with the difference), then Reject (needs a comment) or Accept.
 */
export function ReviewBox({
  retirement: r,
  onReviewed,
  refetch,
}: {
  retirement: Retirement;
  onReviewed: () => void;
  refetch: () => unknown;
}) {
  const [comment, setComment] = useState('');
  const [cashReturned, setCashReturned] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useReviewRetirement();
  // a review moves money: never queued, so offline it waits for a connection
  const online = useOnline();
  const { outcome, handlers } = useActionOutcome(refetch);
  const step = firstPendingReview(r.reviews);
  const cashLabel =
    r.amount_spent === null ? null : cashReturnedLabel(r.request.amount_requested, r.amount_spent, r.request.amount_currency);
  if (!step) return null;

  const decide = (status: Decision) => {
    const comments = comment.trim();
    if (status === 'rejected' && !comments) return setProblem(text.rejectNeedsComment);
    setProblem(null);
    handlers.onMutate();
    mutation.mutate(
      { id: r.id, review_id: step.id, status, comments, ...(cashLabel ? { is_funds_returned: cashReturned } : {}) },
      { onSuccess: () => onReviewed(), onError: handlers.onError },
    );
  };
  const sending = mutation.isPending ? mutation.variables?.status : undefined;

  return (
    <Box as="section" aria-label={text.yourReview} bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }}>
      <Stack gap="3">
        <Heading as="h3" size="md">
          {text.yourReview}
        </Heading>
        <Field.Root invalid={problem !== null}>
          <Field.Label>{text.fields.reviewComments}</Field.Label>
          <Textarea
            value={comment}
            rows={3}
            maxLength={REVIEW_COMMENTS_MAX}
            bg="bg"
            onChange={(e) => {
              setComment(e.target.value);
              if (e.target.value.trim()) setProblem(null);
            }}
          />
          {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
        </Field.Root>
        {cashLabel && (
          <chakra.label display="flex" alignItems="center" gap="2" fontWeight="medium">
            <chakra.input
              type="checkbox"
              w="4"
              h="4"
              accentColor="teal.600"
              checked={cashReturned}
              onChange={(e) => setCashReturned(e.target.checked)}
            />
            {cashLabel}
          </chakra.label>
        )}
        <Outcome outcome={outcome} failed={text.reviewFailed} />
        {!online && (
          <Text fontSize="sm" color="fg.muted" data-testid="offline-reason">
            {OFFLINE_RETIREMENT_TEXT.reviewOffline}
          </Text>
        )}
        <Flex gap="2" wrap="wrap">
          <Button
            colorPalette="red"
            variant="outline"
            disabled={mutation.isPending || !online}
            loading={sending === 'rejected'}
            onClick={() => decide('rejected')}
          >
            {text.reject}
          </Button>
          <Button
            colorPalette="green"
            disabled={mutation.isPending || !online}
            loading={sending === 'approved'}
            onClick={() => decide('approved')}
          >
            {text.accept}
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}
