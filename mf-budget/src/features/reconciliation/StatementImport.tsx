import { useState } from 'react';
import { useMutation, useQueryClient } from '@imprest/api-client/query';
import { errorMessage, importStatement, uploadFile, type StatementList } from '@imprest/api-client';
import { Button, FormAlert, Input, NativeSelect, SimpleGrid, Stack, Text } from '@imprest/ui';
import { Card, FormField } from '@imprest/ui/forms';

type Columns = StatementList['accounts'][number]['columns'];
const NO_COLUMNS: Columns = { date: '', details: '', reference: '', amount: '', debit: '', credit: '' };
const COLUMN_LABELS: Array<[keyof Columns, string]> = [
  ['date', 'Date column'],
  ['details', 'Narrative column'],
  ['reference', 'Reference column (optional)'],
  ['amount', 'Signed amount column'],
  ['debit', 'or Debit column'],
  ['credit', 'and Credit column'],
];

/** Only the columns finance filled in: empty optional ones are left out of the call. */
function chosen(columns: Columns): Columns {
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as Columns;
}

/** Upload a statement CSV and import it; a bank account's columns are asked once and remembered. */
export function StatementImport({ accounts, onImported }: { accounts: StatementList['accounts']; onImported: (id: number) => void }) {
  const queryClient = useQueryClient();
  const [source, setSource] = useState<'mpesa' | 'bank'>('mpesa');
  const [account, setAccount] = useState('');
  const [columns, setColumns] = useState<Columns>(NO_COLUMNS);
  const [file, setFile] = useState<File | null>(null);
  const known = accounts.find((a) => a.account === account.trim());
  const run = useMutation({
    mutationFn: async () => {
      const file_key = await uploadFile(file!);
      const bank = source === 'bank' ? { account: account.trim(), ...(known ? {} : { columns: chosen(columns) }) } : {};
      return importStatement({ source, file_key, ...bank });
    },
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: ['statements'] });
      onImported(answer.id);
    },
  });
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4" as="form" onSubmit={(e) => (e.preventDefault(), run.mutate())}>
          <Text fontWeight="semibold">Import a statement</Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <FormField label="Statement">
              <NativeSelect.Root>
                <NativeSelect.Field name="source" value={source} onChange={(e) => setSource(e.currentTarget.value as 'mpesa' | 'bank')}>
                  <option value="mpesa">M-Pesa organisation statement</option>
                  <option value="bank">Bank statement</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Statement file (CSV or .xlsx)">
              <Input
                type="file"
                name="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                pt="1.5"
                onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
              />
            </FormField>
            {source === 'bank' && (
              <FormField label="Bank account">
                <Input
                  name="account"
                  list="statement-accounts"
                  value={account}
                  maxLength={60}
                  onChange={(e) => setAccount(e.currentTarget.value)}
                />
                <datalist id="statement-accounts">
                  {accounts.map((a) => (
                    <option key={a.account} value={a.account} />
                  ))}
                </datalist>
              </FormField>
            )}
          </SimpleGrid>
          {source === 'bank' && !known && account.trim() !== '' && (
            <Stack gap="2">
              <Text color="fg.muted">The headers of this account&rsquo;s columns, as its statement names them (asked once).</Text>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                {COLUMN_LABELS.map(([key, label]) => (
                  <FormField key={key} label={label}>
                    <Input
                      name={key}
                      value={columns[key] ?? ''}
                      maxLength={60}
                      onChange={(e) => setColumns({ ...columns, [key]: e.currentTarget.value })}
                    />
                  </FormField>
                ))}
              </SimpleGrid>
            </Stack>
          )}
          {source === 'bank' && known && <Text color="fg.muted">The columns chosen for {known.account} are used.</Text>}
          {run.isError && <FormAlert status="error">{errorMessage(run.error)}</FormAlert>}
          {run.isSuccess && (
            <FormAlert status="success">
              {run.data.lines} lines read, {run.data.added} new
              {run.data.already_imported ? `, ${run.data.already_imported} imported before` : ''}.
            </FormAlert>
          )}
          <Button
            type="submit"
            alignSelf="flex-start"
            colorPalette="teal"
            loading={run.isPending}
            disabled={!file || (source === 'bank' && !account.trim())}
          >
            Import
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
