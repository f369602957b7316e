import { useOrganizationTimeZone } from '@imprest/api-client';
import { formatAmount, formatDateTime, type RetirementDetail } from '@imprest/domain';
import { Box, Heading, Stack, Text, chakra } from '@imprest/ui';
import { TEXT } from '../../strings';
import { Attachments } from './Attachments';
import { ReviewList } from './ReviewList';

const { history: text } = TEXT;

/** Submissions rejected before the current one, newest first, each collapsed until opened. */
export function History({ retirement: r }: { retirement: RetirementDetail }) {
  const timeZone = useOrganizationTimeZone();
  if (r.history.length === 0) return null;
  return (
    <Stack as="section" aria-label={text.heading} gap="2">
      <Heading as="h3" size="md">
        {text.heading}
      </Heading>
      {r.history.map((round) => (
        <chakra.details key={round.round} bg="bg" borderWidth="1px" borderRadius="lg" p="3" data-round={round.round}>
          <chakra.summary cursor="pointer" fontWeight="semibold">
            {text.round(round.round, formatDateTime(round.submitted_at, timeZone))}
          </chakra.summary>
          <Stack gap="3" mt="3">
            <Text>{text.spent(formatAmount(round.amount_spent, r.amount_currency))}</Text>
            {round.comments && <Text whiteSpace="pre-wrap">{round.comments}</Text>}
            <Box>
              <Attachments files={round.file_paths} />
            </Box>
            <ReviewList reviews={round.reviews} heading={TEXT.reviews.heading} />
          </Stack>
        </chakra.details>
      ))}
    </Stack>
  );
}
