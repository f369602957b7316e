import { useFormik } from 'formik';
import { useMutation, useQueryClient } from '@imprest/api-client/query';
import { errorMessage, saveJournalAccounts, type JournalAccounts } from '@imprest/api-client';
import { ACCOUNT_CODE_MAX } from '@imprest/domain';
import { journalAccountsSchema } from '@imprest/domain/forms';
import { Button, FormAlert, Heading, Input, SimpleGrid, Stack, Text } from '@imprest/ui';
import { FormField } from '@imprest/ui/forms';

/** Finance maps each account once: Staff advances, each expense category, each method and network. */
export function AccountsForm({ accounts }: { accounts: JournalAccounts['accounts'] }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Record<string, string>) =>
      saveJournalAccounts(accounts.map((a) => ({ key: a.key, code: (values[a.key] ?? '').trim() }))),
    onSuccess: (answer) => {
      client.setQueryData(['journals', 'accounts'], answer);
      void client.invalidateQueries({ queryKey: ['journals', 'preview'] });
    },
  });
  const form = useFormik<Record<string, string>>({
    initialValues: Object.fromEntries(accounts.map((a) => [a.key, a.code ?? ''])),
    validationSchema: journalAccountsSchema(accounts.map((a) => a.key)),
    enableReinitialize: true,
    onSubmit: (values) => save.mutateAsync(values).catch(() => undefined),
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-labelledby="accounts-title">
      <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }}>
        <Heading as="h2" size="md" id="accounts-title">
          Accounts
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          The account code of each account in your ledger (Xero&apos;s code, or QuickBooks&apos; account name). Set once; every journal uses
          them.
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="3">
          {accounts.map((a) => (
            <FormField key={a.key} label={a.label} error={form.touched[a.key] ? form.errors[a.key] : undefined}>
              <Input
                name={a.key}
                value={form.values[a.key] ?? ''}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                maxLength={ACCOUNT_CODE_MAX}
                autoComplete="off"
              />
            </FormField>
          ))}
        </SimpleGrid>
        {save.isError && <FormAlert status="error">{errorMessage(save.error)}</FormAlert>}
        {save.isSuccess && !form.dirty && <FormAlert status="success">The accounts were saved.</FormAlert>}
        <Button type="submit" alignSelf="flex-start" colorPalette="teal" loading={save.isPending}>
          Save accounts
        </Button>
      </Stack>
    </form>
  );
}
