import { BAND_REVIEWERS_MAX, ROLE_LABELS, formatAmount, reviewerOrdinal, type ApprovalBand } from '@imprest/domain';
import { Badge, Box, Heading, HStack, SimpleGrid, Text } from '@imprest/ui';
import { Card } from '@imprest/ui/forms';
import { TEXT } from '../../strings';

/** '0 – 150,000,000 TZS', or '150,000,000 TZS and above' for the open last band. */
function bandRange(band: Pick<ApprovalBand, 'start_value' | 'end_value'>): string {
  const start = formatAmount(band.start_value);
  return band.end_value === null ? `${start} TZS and above` : `${start} – ${formatAmount(band.end_value)} TZS`;
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontWeight="medium">{children}</Text>
    </Box>
  );
}

/** One band as the matrix page shows it: range, description, the reviewers in order, cascading. */
export function BandCard({ band }: { band: ApprovalBand }) {
  const title = TEXT.matrix.band(band.user_role);
  return (
    <Card.Root as="article" aria-label={title} variant="outline">
      <Card.Header pb="2">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Badge colorPalette="teal" size="lg">
            {bandRange(band)}
          </Badge>
        </HStack>
        {band.description && (
          <Text color="fg.muted" fontSize="sm">
            {band.description}
          </Text>
        )}
      </Card.Header>
      <Card.Body pt="2">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {Array.from({ length: BAND_REVIEWERS_MAX }, (_, index) => {
            const role = band.reviewers[index];
            return (
              <Fact key={index} label={TEXT.matrix.reviewer(reviewerOrdinal(index))}>
                {role ? ROLE_LABELS[role] : TEXT.matrix.none}
              </Fact>
            );
          })}
          <Fact label={TEXT.matrix.cascading}>{band.cascading_notification ? TEXT.matrix.yes : TEXT.matrix.no}</Fact>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
