import { useState } from 'react';
import { useQueryClient } from '@imprest/api-client/query';
import { downloadJournal, errorMessage, type JournalPreview } from '@imprest/api-client';
import { formatAmount, formatCalendarDate, formatInstant, fromMinorUnits, type JournalFormat } from '@imprest/domain';
import { Badge, Button, FormAlert, HStack, Heading, ScrollRegion, Stack, Table, Text } from '@imprest/ui';
import { saveBlob } from '@imprest/ui/files';

type Journal = JournalPreview['journals'][number];

const FORMATS: Array<[JournalFormat, string]> = [
  ['xero', 'Xero CSV'],
  ['quickbooks', 'QuickBooks CSV'],
  ['xlsx', '.xlsx'],
];

/** One currency's journal: its lines, totals, whether it balances, earlier exports and the downloads. */
export function JournalCard({ journal, period, timeZone }: { journal: Journal; period: { from: string; to: string }; timeZone: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const client = useQueryClient();
  const money = (minor: number) => (minor ? formatAmount(fromMinorUnits(minor), journal.currency) : '');
  const exported = journal.exports[0];
  const download = async (format: JournalFormat) => {
    setFailed(null);
    try {
      const file = await downloadJournal({ ...period, currency: journal.currency, format, again: !!exported });
      saveBlob(file.blob, file.filename);
      // the export is recorded: the preview now marks the period exported
      void client.invalidateQueries({ queryKey: ['journals', 'preview'] });
    } catch (error) {
      setFailed(errorMessage(error));
    }
  };
  const code = journal.currency.toUpperCase();
  return (
    <Stack
      as="section"
      aria-labelledby={`journal-${journal.currency}`}
      gap="3"
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '3', md: '5' }}
    >
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md" id={`journal-${journal.currency}`}>
          {code} journal
        </Heading>
        <Badge colorPalette={journal.balanced ? 'green' : 'red'}>{journal.balanced ? 'Balanced' : 'Does not balance'}</Badge>
      </HStack>
      <ScrollRegion label={`${code} journal lines`}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {['Date', 'Entry', 'Account', 'Debit', 'Credit'].map((h) => (
                <Table.ColumnHeader key={h} textAlign={h === 'Debit' || h === 'Credit' ? 'end' : undefined}>
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {journal.entries.flatMap((e) =>
              e.lines.map((l, i) => (
                <Table.Row key={`${e.source}-${e.id}-${i}`}>
                  <Table.Cell whiteSpace="nowrap">{i === 0 ? formatCalendarDate(e.date) : ''}</Table.Cell>
                  <Table.Cell>{i === 0 ? e.description : ''}</Table.Cell>
                  <Table.Cell color={l.code ? undefined : 'red.600'}>
                    {l.code ? `${l.code} ${l.label}` : `${l.label} (not mapped)`}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(l.debit)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(l.credit)}
                  </Table.Cell>
                </Table.Row>
              )),
            )}
            <Table.Row fontWeight="semibold">
              <Table.Cell />
              <Table.Cell>Total</Table.Cell>
              <Table.Cell />
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatAmount(fromMinorUnits(journal.debit), journal.currency)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatAmount(fromMinorUnits(journal.credit), journal.currency)}
              </Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </ScrollRegion>
      {journal.entries.some((e) => e.rate !== null) && (
        <Text fontSize="sm" color="fg.muted">
          Amounts in {code}; each line&apos;s description gives the rate used, in TZS per {code}.
        </Text>
      )}
      {exported && (
        <FormAlert status="warning">
          Exported on {formatInstant(new Date(exported.exported_at), 'dd/MM/yyyy HH:mm', timeZone)} by {exported.exported_by_name}.
          Downloading again exports it once more.
        </FormAlert>
      )}
      {journal.problem && <FormAlert status="error">{journal.problem}</FormAlert>}
      <HStack wrap="wrap" gap="2">
        {FORMATS.map(([format, label]) => (
          <Button key={format} size="sm" variant="outline" disabled={!!journal.problem} onClick={() => void download(format)}>
            {exported ? `Download again: ${label}` : `Download ${label}`}
          </Button>
        ))}
      </HStack>
      {failed && <FormAlert status="error">{failed}</FormAlert>}
    </Stack>
  );
}
