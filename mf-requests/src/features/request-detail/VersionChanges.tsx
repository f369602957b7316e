import { requestChanges, type RequestDiffField, type RequestRecord } from '@imprest/domain';
import { Box, Heading, Text } from '@imprest/ui';
import { Grid } from '@imprest/ui/forms';
import { supplierLabel } from '../../components/supplier-label';
import { TEXT } from '../../strings';
import { DETAIL_TEXT } from './strings';

const { changes: text } = DETAIL_TEXT;
const { fields } = TEXT.form;

/** Each field named as the request form names it; the supplier as the shown version's purpose has it. */
function fieldLabel(field: RequestDiffField, purpose: string): string {
  const labels: Record<RequestDiffField, string> = {
    purpose: fields.purpose,
    mode_of_service: fields.mode,
    name_of_establishment: supplierLabel(purpose),
    expenditure_date: fields.date,
    amount_requested: fields.amount,
    amount_currency: fields.currency,
    budget_code: fields.budgetCode,
    payment_mode: fields.payment,
    tax_status: fields.tax,
    expenditure_justification: fields.justification,
    attachments: text.attachments,
  };
  return labels[field];
}

function Value({ caption, children, muted }: { caption: string; children: string; muted?: boolean }) {
  return (
    <Box minW="0">
      <Text as="span" display="block" fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {caption}
      </Text>
      <Text as="span" display="block" color={muted ? 'fg.muted' : undefined} whiteSpace="pre-wrap" overflowWrap="anywhere">
        {children}
      </Text>
    </Box>
  );
}

/** "Changes from version N-1": what the resubmission changed, field by field, old → new; stacks on a phone. */
export function VersionChanges({ previous, shown }: { previous: RequestRecord; shown: RequestRecord }) {
  const changes = requestChanges(previous, shown);
  return (
    <Box
      as="section"
      aria-labelledby="version-changes"
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '4', md: '6' }}
      data-print-box
    >
      <Heading as="h3" id="version-changes" size="md" mb="3">
        {text.heading(previous.version)}
      </Heading>
      {changes.length === 0 ? (
        <Text color="fg.muted">{text.none}</Text>
      ) : (
        <Box as="dl" m="0">
          {changes.map((change) => (
            <Grid
              key={change.field}
              templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: '14rem repeat(2, minmax(0, 1fr))' }}
              columnGap="4"
              rowGap="1"
              py="3"
              borderTopWidth="1px"
              data-change={change.field}
            >
              <Text as="dt" fontWeight="semibold" gridColumn={{ base: '1 / -1', md: 'auto' }}>
                {fieldLabel(change.field, shown.purpose)}
              </Text>
              <Box as="dd" m="0" display="contents">
                <Value caption={text.before} muted>
                  {change.before}
                </Value>
                <Value caption={text.after}>{change.after}</Value>
              </Box>
            </Grid>
          ))}
        </Box>
      )}
    </Box>
  );
}
