import { ROLE_LABELS, firstPendingReview, type LentRole, type RequestRecord, type User } from '@imprest/domain';
import { Badge, Box, Flex, FormAlert, Heading, Stack, Text } from '@imprest/ui';
import { ReviewForm } from './ReviewForm';
import { useReviewAction, type ReviewOutcome } from './use-review-action';
import { useOnline } from '@imprest/api-client/offline';
import { OfflineReason } from '../../components/offline-reason';
import { reviewBlock, reviewCapacity, type ReviewBlock } from './view-mode';
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
    case 'delegatorOwn':
      return text.delegatorOwn(block.name);
    case 'delegatorActed':
      return text.delegatorActed(block.name);
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
  /** The roles running delegations lend the viewer: a step of one is theirs to act on, for its delegator. */
  lent?: readonly LentRole[];
}

/** Admin mode: the reviewer's form when they may act on the first pending step, else why not (docs/product-rules.md §Validation). */
export function ReviewSection({ viewer, request, refetch, lent = [] }: ReviewSectionProps) {
  const { send, outcome, busy, sending } = useReviewAction(refetch);
  const block = reviewBlock(viewer, request, lent);
  const behalf = reviewCapacity(viewer, request, lent)?.onBehalfOf;
  const step = firstPendingReview(request.reviews);
  // a review moves money: never queued, so offline the buttons wait for a connection
  const online = useOnline();

  return (
    <Box as="section" aria-labelledby="your-review" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} data-print-hide>
      <Stack gap="3">
        <Flex align="center" gap="2" wrap="wrap">
          <Heading as="h3" id="your-review" size="md">
            {text.heading}
          </Heading>
          {behalf && step && (
            <Badge colorPalette="purple" data-testid="acting-for">
              {text.actingFor(behalf.fullname, ROLE_LABELS[step.reviewer_role])}
            </Badge>
          )}
        </Flex>
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
