import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@imprest/api-client/query';
import { confirmStatementMatch, errorMessage, type Reconciliation } from '@imprest/api-client';
import { formatAmount, formatCalendarDate, isMobileNetwork, isMovementMethod, movementMethodLabel } from '@imprest/domain';
import { Link } from '@imprest/router';
import { Badge, Box, Button, FormAlert, HStack, Stack, Text } from '@imprest/ui';
import { Card } from '@imprest/ui/forms';
import { PATHS } from '../../paths';

type Line = Reconciliation['unmatched_lines'][number];
type Record = Reconciliation['unmatched_records'][number];

const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatAmount(Math.abs(amount), 'tzs')}`;

function LineText({ line }: { line: Line }) {
  return (
    <Box>
      <Text fontWeight="semibold">
        {signed(line.amount)} · {formatCalendarDate(line.date)}
      </Text>
      <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
        Line {line.line}
        {line.reference && ` · ${line.reference}`} · {line.party || line.details}
        {line.phone && ` · ${line.phone}`}
      </Text>
    </Box>
  );
}

function RecordText({ record }: { record: Record }) {
  const how = isMovementMethod(record.method)
    ? movementMethodLabel(record.method, isMobileNetwork(record.network) ? record.network : null)
    : record.method;
  const what = record.kind === 'payout' ? 'Payout' : record.direction === 'in' ? 'Cash return' : 'Excess reimbursed';
  return (
    <Box>
      <Text fontWeight="semibold">
        {what} · <Link to={PATHS.request(record.request_id)}>{record.approval_number ?? `request ${record.request_id}`}</Link> ·{' '}
        {record.person}
      </Text>
      <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
        {record.direction === 'out' ? 'Paid' : 'Returned'} {formatAmount(record.amount, record.currency)} by {how} on{' '}
        {formatCalendarDate(record.date)}
        {record.reference && `, ref ${record.reference}`}
      </Text>
    </Box>
  );
}

function Group({ title, count, empty, children }: { title: string; count: number; empty: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <HStack justify="space-between">
          <Text fontWeight="semibold">{title}</Text>
          <Badge>{count}</Badge>
        </HStack>
      </Card.Header>
      <Card.Body pt="2">{count === 0 ? <Text color="fg.muted">{empty}</Text> : <Stack gap="4">{children}</Stack>}</Card.Body>
    </Card.Root>
  );
}

/** The reconciliation of one statement: what matched (to confirm), what finance picks, what is missing either way. */
export function ReconciliationGroups({ view }: { view: Reconciliation }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: (pair: { line: Line; record: Record }) =>
      confirmStatementMatch({ line_id: pair.line.id, record_kind: pair.record.kind, record_id: pair.record.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['statements', view.statement.id] }),
  });
  const button = (line: Line, record: Record, label: string) => (
    <Button
      size="sm"
      colorPalette="teal"
      alignSelf="flex-start"
      loading={confirm.isPending && confirm.variables?.line.id === line.id && confirm.variables.record.id === record.id}
      onClick={() => confirm.mutate({ line, record })}
    >
      {label}
    </Button>
  );
  return (
    <Stack gap="4">
      {confirm.isError && <FormAlert status="error">{errorMessage(confirm.error)}</FormAlert>}
      <Group title="Matched" count={view.matched.length} empty="No line matches a record without a choice.">
        {view.matched.map(({ line, record, by }) => (
          <Stack key={line.id} gap="2" borderBottomWidth="1px" pb="3">
            <LineText line={line} />
            <RecordText record={record} />
            <Text fontSize="sm">{by === 'reference' ? 'Same reference' : 'Same amount, within 3 days, to the same phone'}</Text>
            {button(line, record, 'Confirm')}
          </Stack>
        ))}
      </Group>
      <Group title="Ambiguous: pick the record" count={view.ambiguous.length} empty="Nothing to pick.">
        {view.ambiguous.map(({ line, candidates }) => (
          <Stack key={line.id} gap="2" borderBottomWidth="1px" pb="3">
            <LineText line={line} />
            {candidates.map((record) => (
              <Stack key={`${record.kind}-${record.id}`} gap="1" ps="3" borderStartWidth="3px" borderColor="teal.500">
                <RecordText record={record} />
                {button(line, record, 'This one')}
              </Stack>
            ))}
          </Stack>
        ))}
      </Group>
      <Group
        title="Recorded, not on the statement"
        count={view.unmatched_records.length}
        empty="Every record of these days is on the statement."
      >
        {view.unmatched_records.map((record) => (
          <RecordText key={`${record.kind}-${record.id}`} record={record} />
        ))}
      </Group>
      <Group title="On the statement, not recorded" count={view.unmatched_lines.length} empty="Every line is explained by a record.">
        {view.unmatched_lines.map((line) => (
          <LineText key={line.id} line={line} />
        ))}
      </Group>
      <Group title="Reconciled" count={view.reconciled.length} empty="Nothing confirmed yet.">
        {view.reconciled.map(({ line, record }) => (
          <Stack key={line.id} gap="1">
            <LineText line={line} />
            <RecordText record={record} />
          </Stack>
        ))}
      </Group>
      <Text fontSize="sm" color="fg.muted">
        Never matched: charges, failed and reversed lines, reversals ({view.other_lines.length} on this statement).
      </Text>
    </Stack>
  );
}
