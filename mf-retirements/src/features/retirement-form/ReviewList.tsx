import { ROLE_LABELS, formatDateTime, reviewerOrdinal, type RetirementReview } from '@imprest/domain';
import { Box, Flex, Heading, Stack, Text } from '@imprest/ui';
import { TEXT } from '../../strings';

const { reviews: text } = TEXT;

const PALETTE = { pending: 'gray', approved: 'green', rejected: 'red', request_edit: 'orange' } as const;

function ReviewPanel({ review, index, closed }: { review: RetirementReview; index: number; closed: boolean }) {
  const role = ROLE_LABELS[review.reviewer_role];
  const pending = review.status === 'pending';
  return (
    <Box
      as="article"
      aria-label={text.ordinal(reviewerOrdinal(index))}
      colorPalette={PALETTE[review.status]}
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      borderLeftWidth="4px"
      borderLeftColor="colorPalette.500"
      borderRadius="md"
      p="4"
      data-status={review.status}
    >
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box minW="0">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {text.ordinal(reviewerOrdinal(index))}
          </Text>
          <Text fontWeight="semibold">{pending ? (closed ? role : text.awaiting(role)) : review.reviewer_name}</Text>
          {!pending && (
            <Text fontSize="sm" color="fg.muted">
              {role}
            </Text>
          )}
        </Box>
        <Text color="colorPalette.fg" fontWeight="semibold" fontSize="sm">
          {pending && closed ? text.notReached : text.status[review.status]}
        </Text>
      </Flex>
      {!pending && (
        <>
          <Text mt="3" whiteSpace="pre-wrap" overflowWrap="anywhere" fontStyle={review.comments ? undefined : 'italic'}>
            {review.comments || text.noComment}
          </Text>
          {review.is_funds_returned !== null && (
            <Text mt="1" fontSize="sm">
              {text.cashReturned(review.is_funds_returned)}
            </Text>
          )}
          {review.acted_at && (
            <Text mt="1" fontSize="xs" color="fg.muted">
              {formatDateTime(review.acted_at)}
            </Text>
          )}
        </>
      )}
    </Box>
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
    <Stack as="section" aria-label={heading} gap="3">
      <Heading as="h3" size="md">
        {heading}
      </Heading>
      {ordered.map((review, index) => (
        <ReviewPanel key={review.id} review={review} index={index} closed={closed} />
      ))}
    </Stack>
  );
}
