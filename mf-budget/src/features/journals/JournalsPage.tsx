import { useState } from 'react';
import { useQuery } from '@imprest/api-client/query';
import { getJournalAccounts, getJournals, useOrganizationTimeZone, useOrganizationToday, useSession } from '@imprest/api-client';
import { hasFinancePermission, isCalendarDate } from '@imprest/domain';
import { FormAlert, Heading, SimpleGrid, Spinner, Stack, Text } from '@imprest/ui';
import { DateField, FormField } from '@imprest/ui/forms';
import { errorMessage } from '@imprest/api-client';
import { Problem } from '../../components/PageStates';
import { AccountsForm } from './AccountsForm';
import { JournalCard } from './JournalCard';

/** /dashboard/budget/journals: the account mapping, a period's journals and their downloads (finance only). */
export default function JournalsPage() {
  const actor = useSession((s) => s.currentUser);
  const finance = !!actor && hasFinancePermission(actor);
  const today = useOrganizationToday();
  const timeZone = useOrganizationTimeZone();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const period = isCalendarDate(from) && isCalendarDate(to) && from <= to ? { from, to } : null;
  const accounts = useQuery({ queryKey: ['journals', 'accounts'], queryFn: getJournalAccounts, enabled: finance });
  const preview = useQuery({
    queryKey: ['journals', 'preview', period],
    queryFn: () => getJournals(period!),
    enabled: finance && !!period,
  });

  if (!actor) return null;
  if (!finance) return <Problem message="The journals are for finance." />;
  const accountsForm = accounts.data ? (
    <AccountsForm accounts={accounts.data.accounts} />
  ) : accounts.isError ? (
    <FormAlert status="error">{errorMessage(accounts.error)}</FormAlert>
  ) : (
    <Spinner />
  );
  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        Journals
      </Heading>
      <Text color="fg.muted">
        The payouts, approved retirements and settlements of a period as a double-entry journal for Xero or QuickBooks Online, one journal
        per currency.
      </Text>
      <SimpleGrid columns={2} gap="3" maxW="md" aria-label="Period">
        <FormField label="From">
          <DateField name="from" value={from} onChange={setFrom} max={today} />
        </FormField>
        <FormField
          label="To"
          error={isCalendarDate(from) && isCalendarDate(to) && from > to ? 'The last day cannot be before the first' : undefined}
        >
          <DateField name="to" value={to} onChange={setTo} max={today} />
        </FormField>
      </SimpleGrid>
      {preview.isError && <FormAlert status="error">{errorMessage(preview.error)}</FormAlert>}
      {preview.isPending && period && <Spinner />}
      {preview.data && preview.data.journals.length === 0 && <Text>Nothing was paid out, retired or settled in this period.</Text>}
      {preview.data?.journals.map((journal) => (
        <JournalCard
          key={journal.currency}
          journal={journal}
          period={{ from: preview.data.from, to: preview.data.to }}
          timeZone={timeZone}
        />
      ))}
      {/* set once, so under the journals it feeds */}
      {accountsForm}
    </Stack>
  );
}
