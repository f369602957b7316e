import { requestChanges, type RequestDiffField, type RequestRecord } from '@imprest/domain';
import { Box, Heading, Table, Text } from '@imprest/ui';
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

/** "Changes from version N-1": what the resubmission changed, field by field, old → new. */
export function VersionChanges({ previous, shown }: { previous: RequestRecord; shown: RequestRecord }) {
  const changes = requestChanges(previous, shown);
  return (
    <Box as="section" aria-labelledby="version-changes" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }} data-print-box>
      <Heading as="h3" id="version-changes" size="md" mb="3">
        {text.heading(previous.version)}
      </Heading>
      {changes.length === 0 ? (
        <Text color="fg.muted">{text.none}</Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader />
                <Table.ColumnHeader>{text.before}</Table.ColumnHeader>
                <Table.ColumnHeader>{text.after}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {changes.map((change) => (
                <Table.Row key={change.field}>
                  <Table.ColumnHeader scope="row">{fieldLabel(change.field, shown.purpose)}</Table.ColumnHeader>
                  <Table.Cell color="fg.muted" textDecoration="line-through" whiteSpace="pre-wrap" overflowWrap="anywhere">
                    {change.before}
                  </Table.Cell>
                  <Table.Cell whiteSpace="pre-wrap" overflowWrap="anywhere">
                    {change.after}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Box>
  );
}
