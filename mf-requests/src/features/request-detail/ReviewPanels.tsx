import { ROLE_LABELS, formatDateTime, reviewerOrdinal, type RequestStatus, type Review } from '@imprest/domain';
import { Box, Flex, Heading, Stack, Text } from '@imprest/ui';
import { TEXT } from '../../strings';
import { stepStateOf } from './progress-steps';
import { STEP_STYLE } from './step-style';
import { DETAIL_TEXT } from './strings';

const { reviews: text } = DETAIL_TEXT;

function ReviewPanel({ review, index, stopped }: { review: Review; index: number; stopped: boolean }) {
  const pending = review.status === 'pending';
  // after a rejection or a return the later steps were never reached: not 'Awaiting … – Pending'
  const closed = pending && stopped;
  const { palette, Icon } = STEP_STYLE[closed ? 'closed' : stepStateOf(review.status)];
  const role = ROLE_LABELS[review.reviewer_role];
  return (
    <Box
      as="article"
      aria-label={text.ordinal(reviewerOrdinal(index))}
      colorPalette={palette}
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      borderLeftWidth="4px"
      borderLeftColor="colorPalette.500"
      borderRadius="md"
      p="4"
      data-status={closed ? 'closed' : review.status}
      data-print-box
    >
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box minW="0">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {text.ordinal(reviewerOrdinal(index))}
          </Text>
          <Text fontWeight="semibold">{closed ? role : pending && !review.reviewer_name ? text.awaiting(role) : review.reviewer_name}</Text>
          {/* the step's role only: reviewer_title is the user's position (staff, admin or director), a role group and no title */}
          <Text fontSize="sm" color="fg.muted">
            {role}
          </Text>
          {/* a delegate acted (issue 15): whose step it was */}
          {review.on_behalf_of_name && !closed && (
            <Text fontSize="sm" color="fg.muted" data-on-behalf>
              for {review.on_behalf_of_name}
            </Text>
          )}
        </Box>
        <Flex align="center" gap="1.5" color="colorPalette.fg" fontWeight="semibold" fontSize="sm">
          <Icon />
          {closed ? DETAIL_TEXT.stepStatus.closed : TEXT.status[review.status]}
        </Flex>
      </Flex>
      {!pending && (
        <>
          <Text mt="3" whiteSpace="pre-wrap" overflowWrap="anywhere" fontStyle={review.comments ? undefined : 'italic'}>
            {review.comments || text.noComment}
          </Text>
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

/** One panel per step of the chain (reviews in chain order), coloured and labelled by its status. */
export function ReviewPanels({ reviews, status }: { reviews: readonly Review[]; status: RequestStatus }) {
  const stopped = status === 'rejected' || status === 'request_edit';
  return (
    <Stack as="section" aria-labelledby="request-reviews" gap="3">
      <Heading as="h3" id="request-reviews" size="md">
        {text.heading}
      </Heading>
      {reviews.map((review, index) => (
        <ReviewPanel key={review.id} review={review} index={index} stopped={stopped} />
      ))}
    </Stack>
  );
}
