import { ROLE_LABELS, firstPendingReview, type RequestRecord, type User } from '@imprest/domain';
import { Box, FormAlert, Heading, Stack, Text } from '@imprest/ui';
import { ReviewForm } from './ReviewForm';
import { useReviewAction, type ReviewOutcome } from './use-review-action';
import { useOnline } from '@imprest/api-client/offline';
import { OfflineReason } from '../../components/offline-reason';
import { reviewBlock, type ReviewBlock } from './view-mode';
import { DETAIL_TEXT } from './strings';

const { review: text } = DETAIL_TEXT;

function blockText(block: ReviewBlock): string {
  switch (block.kind) {
    case 'reviewed':
      return text.reviewed;
    case 'closed':
      return text.closed;
    case 'notInChain':
      return text.notInChain;
    case 'waiting':
      return text.waitingFor(ROLE_LABELS[block.role]);
  }
}

function Outcome({ outcome }: { outcome: ReviewOutcome }) {
  if (!outcome) return null;
  if (outcome.kind === 'saved') return <FormAlert status="success">{text.done}</FormAlert>;
  if (outcome.kind === 'conflict') return <FormAlert status="warning">{text.conflict}</FormAlert>;
  return (
    <FormAlert status="error" detail={outcome.detail}>
      {text.failed}
    </FormAlert>
  );
}

interface ReviewSectionProps {
  viewer: User;
  request: RequestRecord;
  refetch: () => unknown;
}

/** Admin mode: the reviewer's form when they may act on the first pending step, else why not (docs/product-rules.md §Validation). */
export function ReviewSection({ viewer, request, refetch }: ReviewSectionProps) {
  const { send, outcome, busy, sending } = useReviewAction(refetch);
  const block = reviewBlock(viewer, request);
  const step = firstPendingReview(request.reviews);
  // a review moves money: never queued, so offline the buttons wait for a connection
  const online = useOnline();

  return (
    <Box as="section" aria-labelledby="your-review" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} data-print-hide>
      <Stack gap="3">
        <Heading as="h3" id="your-review" size="md">
          {text.heading}
        </Heading>
        <Outcome outcome={outcome} />
        {block || !step ? (
          <Text color="fg.muted">{blockText(block ?? { kind: 'closed' })}</Text>
        ) : (
          <>
            {!online && <OfflineReason />}
            <ReviewForm
              busy={busy || !online}
              sending={busy ? sending : undefined}
              onDecide={(status, comments, onSaved) => send({ request_id: request.id, review_id: step.id, status, comments }, onSaved)}
            />
          </>
        )}
      </Stack>
    </Box>
  );
}
