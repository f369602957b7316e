import { useFormik } from 'formik';
import { useState } from 'react';
import { actedFirst, errorMessage, useOrganizationToday } from '@imprest/api-client';
import { useOnline } from '@imprest/api-client/offline';
import { useSettleRetirement } from '@imprest/api-client/query';
import {
  MOVEMENT_MESSAGES,
  fromMinorUnits,
  parseAmountText,
  settlementProblems,
  toMinorUnits,
  withThousands,
  type MobileNetwork,
  type MovementMethod,
  type Retirement,
  type SettlementDue,
} from '@imprest/domain';
import { AmountInput, Button, DateField, FormAlert, FormField, Heading, MovementFields, SimpleGrid, Stack, Text } from '@imprest/ui';
import { SETTLEMENT_FORM_TEXT as text } from './settlement-text';

interface Values {
  amount: string;
  date: string;
  method: MovementMethod | '';
  network: MobileNetwork | '';
  reference: string;
  phone: string;
}

/**
 * Finance's record of how the difference moved: the amount prefilled to the exact difference, the
 * organisation's today, the method (and network for mobile money), the reference and, for mobile
 * money, the phone. The checks are the domain's (settlementProblems), as on the server; the server
 * also knows the request's approval day, the earliest the money can have moved.
 */
export function SettleForm({ retirement: r, due, refetch }: { retirement: Retirement; due: SettlementDue; refetch: () => unknown }) {
  const today = useOrganizationToday();
  const online = useOnline();
  const mutation = useSettleRetirement();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFormik<Values>({
    initialValues: {
      amount: withThousands(String(fromMinorUnits(due.amount))),
      date: today,
      method: '',
      network: '',
      reference: '',
      phone: '',
    },
    validate: (v) => {
      if (!v.method) return { method: MOVEMENT_MESSAGES.methodRequired };
      const amount = parseAmountText(v.amount);
      const problems: Partial<Record<keyof Values, string>> = settlementProblems(
        {
          amount: amount === null ? null : toMinorUnits(amount),
          date: v.date,
          method: v.method,
          network: v.network || null,
          reference: v.reference,
          phone: v.phone,
        },
        { due, currency: r.amount_currency, today, earliest: null },
      );
      // said under the network, where it is chosen
      if (problems.method === MOVEMENT_MESSAGES.networkRequired) [problems.network, problems.method] = [problems.method, undefined];
      return JSON.parse(JSON.stringify(problems)) as typeof problems;
    },
    onSubmit: async (v) => {
      setFailure(null);
      try {
        await mutation.mutateAsync({
          id: r.id,
          amount: parseAmountText(v.amount) ?? 0,
          date: v.date,
          method: v.method as MovementMethod,
          network: v.method === 'mobile_money' ? (v.network as MobileNetwork) : null,
          reference: v.reference.trim(),
          phone: v.method === 'mobile_money' && v.phone.trim() ? v.phone.trim() : null,
        });
      } catch (error) {
        setFailure(errorMessage(error));
        // somebody recorded it first: show theirs
        if (actedFirst(error)) void refetch();
      }
    },
  });
  const shown = (field: keyof Values) => (form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined);

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={text.recordHeading}>
      <Stack gap="4" borderTopWidth="1px" pt="4">
        <Heading as="h4" size="sm">
          {text.recordHeading}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField
            label={`${text.fields.amount} (${r.amount_currency.toUpperCase()})`}
            error={shown('amount')}
            helper={text.amountHelp}
            required
          >
            <AmountInput
              name="amount"
              value={form.values.amount}
              onChange={(v) => form.setFieldValue('amount', v)}
              onBlur={() => form.setFieldTouched('amount')}
            />
          </FormField>
          <FormField label={text.fields.date} error={shown('date')} required>
            <DateField
              name="date"
              value={form.values.date}
              max={today}
              onChange={(v) => form.setFieldValue('date', v)}
              onBlur={() => form.setFieldTouched('date')}
            />
          </FormField>
          <MovementFields form={form} phone={{ label: text.fields.phone, helper: text.phoneHelp, required: false }} />
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
