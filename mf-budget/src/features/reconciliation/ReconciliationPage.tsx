import { useState } from 'react';
import { useQuery } from '@imprest/api-client/query';
import { errorMessage, getReconciliation, getStatements, useSession } from '@imprest/api-client';
import { formatCalendarDate, hasFinancePermission } from '@imprest/domain';
import { FormAlert, Heading, NativeSelect, Spinner, Stack, Text } from '@imprest/ui';
import { FormField } from '@imprest/ui/forms';
import { Problem } from '../../components/PageStates';
import { ReconciliationGroups } from './ReconciliationGroups';
import { StatementImport } from './StatementImport';

/** /dashboard/budget/reconciliation: statements imported and matched to the payouts and settlements recorded (finance only). */
export default function ReconciliationPage() {
  const actor = useSession((s) => s.currentUser);
  const finance = !!actor && hasFinancePermission(actor);
  const [picked, setPicked] = useState<number | null>(null);
  const list = useQuery({ queryKey: ['statements'], queryFn: getStatements, enabled: finance });
  const id = picked ?? list.data?.statements[0]?.id ?? null;
  const view = useQuery({ queryKey: ['statements', id], queryFn: () => getReconciliation(id!), enabled: finance && id !== null });

  if (!actor) return null;
  if (!finance) return <Problem message="Reconciliation is for finance." />;
  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        Reconciliation
      </Heading>
      <Text color="fg.muted">
        Import the M-Pesa or bank statement: each payout and cash return recorded is matched to its line, and you confirm each match.
      </Text>
      {list.isError && <FormAlert status="error">{errorMessage(list.error)}</FormAlert>}
      {list.data && <StatementImport accounts={list.data.accounts} onImported={setPicked} />}
      {list.data && list.data.statements.length > 0 && (
        <FormField label="Imported statement">
          <NativeSelect.Root>
            <NativeSelect.Field name="statement" value={String(id ?? '')} onChange={(e) => setPicked(Number(e.currentTarget.value))}>
              {list.data.statements.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.account}: {formatCalendarDate(s.first_date)} to {formatCalendarDate(s.last_date)} ({s.lines} lines)
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      )}
      {list.data?.statements.length === 0 && <Text>No statement imported yet.</Text>}
      {(list.isPending || (view.isPending && id !== null)) && <Spinner />}
      {view.isError && <FormAlert status="error">{errorMessage(view.error)}</FormAlert>}
      {view.data && <ReconciliationGroups view={view.data} />}
    </Stack>
  );
}
