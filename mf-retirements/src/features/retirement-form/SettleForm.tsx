import { useMemo, useState } from 'react';
import { useFormik } from 'formik';
import { actedFirst, errorMessage, useOrganizationToday } from '@imprest/api-client';
import { useOnline } from '@imprest/api-client/offline';
import { useSettleRetirement } from '@imprest/api-client/query';
import { fromMinorUnits, withThousands, type Retirement, type SettlementDue } from '@imprest/domain';
import { movementBodyOf, settlementFormSchema, type MovementFormValues } from '@imprest/domain/forms';
import { Button, FormAlert, Heading, SimpleGrid, Stack, Text } from '@imprest/ui';
import { MovementFields } from '@imprest/ui/forms';
import { SETTLEMENT_FORM_TEXT as text } from './settlement-text';

/**
 * Finance's record of how the difference moved: the amount prefilled to the exact difference, the
 * organisation's today, the method (and network for mobile money), the reference and, for mobile
 * money, the phone. The checks are the domain's (settlementProblems through settlementFormSchema),
 * as on the server; the server also knows the request's approval day, the earliest the money can have moved.
 */
export function SettleForm({ retirement: r, due, refetch }: { retirement: Retirement; due: SettlementDue; refetch: () => unknown }) {
  const today = useOrganizationToday();
  const online = useOnline();
  const mutation = useSettleRetirement();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(
    () => settlementFormSchema({ due, currency: r.amount_currency, today, earliest: null }),
    [due, r.amount_currency, today],
  );
  const form = useFormik<MovementFormValues>({
    initialValues: {
      amount: withThousands(String(fromMinorUnits(due.amount))),
      date: today,
      method: '',
      network: '',
      reference: '',
      phone: '',
    },
    validationSchema: schema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        await mutation.mutateAsync({ id: r.id, ...movementBodyOf(values) });
      } catch (error) {
        setFailure(errorMessage(error));
        // somebody recorded it first: show theirs
        if (actedFirst(error)) void refetch();
      }
    },
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={text.recordHeading}>
      <Stack gap="4" borderTopWidth="1px" pt="4">
        <Heading as="h4" size="sm">
          {text.recordHeading}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <MovementFields
            form={form}
            amount={{ label: `${text.fields.amount} (${r.amount_currency.toUpperCase()})`, helper: text.amountHelp }}
            date={{ label: text.fields.date, max: today }}
            phone={{ label: text.fields.phone, helper: text.phoneHelp, required: false }}
          />
        </SimpleGrid>
        {failure && (
          <FormAlert status="error" detail={failure}>
            {text.failed}
          </FormAlert>
        )}
        {!online && (
          <Text fontSize="sm" color="fg.muted">
            {text.offline}
          </Text>
        )}
        <Stack align={{ base: 'stretch', md: 'flex-end' }}>
          <Button type="submit" colorPalette="teal" loading={form.isSubmitting} disabled={!online}>
            {text.record}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
