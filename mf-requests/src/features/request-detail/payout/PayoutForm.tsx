import { useMemo, useState } from 'react';
import { useFormik } from 'formik';
import { ApiError, errorMessage, useOrganizationTimeZone, useOrganizationToday, type RequestView } from '@imprest/api-client';
import { useOnline } from '@imprest/api-client/offline';
import { useFormKey, useRecordPayout } from '@imprest/api-client/query';
import {
  MOBILE_NETWORKS,
  MOVEMENT_METHODS,
  MOVEMENT_REFERENCE_MAX,
  PHONE_TEXT_MAX_LENGTH,
  calendarDateAt,
  fromMinorUnits,
  mobileNetworkLabel,
  movementMethodLabel,
  phoneInputText,
  withThousands,
  type MovementMethod,
} from '@imprest/domain';
import { payoutCheckOf, payoutFormSchema, type PayoutFormValues } from '@imprest/domain/forms';
import { AmountInput, Button, DateField, FormAlert, FormField, HStack, Input, SelectInput, SimpleGrid, Stack } from '@imprest/ui';
import { PAYOUT_TEXT as text } from './strings';

const METHODS = MOVEMENT_METHODS.map((m) => ({ value: m, label: movementMethodLabel(m) }));
const NETWORKS = MOBILE_NETWORKS.map((n) => ({ value: n, label: mobileNetworkLabel(n) }));

interface PayoutFormProps {
  request: RequestView;
  /** Minor units still to pay: the amount's first value and its ceiling. */
  left: number;
  onDone: () => void;
  /** Reads the request again: after a 409 it shows the part somebody else recorded. */
  refetch: () => unknown;
}

/**
 * Finance's Record payout form: the amount prefilled to what is left, the organisation's today, the
 * method (with its network for mobile money), the reference and, for mobile money, the phone paid
 * to. The checks are the server's (payoutProblems through payoutFormSchema); a payout somebody
 * recorded meanwhile comes back as the server's 409 sentence and the request is read again.
 */
export function PayoutForm({ request, left, onDone, refetch }: PayoutFormProps) {
  const today = useOrganizationToday();
  const timeZone = useOrganizationTimeZone();
  const online = useOnline();
  const options = useFormKey();
  const mutation = useRecordPayout();
  const [failure, setFailure] = useState<string | null>(null);
  const approvedOn = request.approved_at ? calendarDateAt(request.approved_at, timeZone) : today;
  const schema = useMemo(
    () => payoutFormSchema({ today, approvedOn, left, currency: request.amount_currency }),
    [today, approvedOn, left, request.amount_currency],
  );
  const form = useFormik<PayoutFormValues>({
    initialValues: { amount: withThousands(String(fromMinorUnits(left))), date: today, method: '', network: '', reference: '', phone: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      const check = payoutCheckOf(values)!;
      setFailure(null);
      try {
        await mutation.mutateAsync({
          body: {
            request_id: request.id,
            amount: fromMinorUnits(check.amount!),
            date: check.date,
            method: check.method,
            network: check.network,
            reference: check.reference.trim(),
            phone: check.method === 'mobile_money' ? check.phone.trim() : null,
          },
          options,
        });
        onDone();
      } catch (error) {
        setFailure(errorMessage(error));
        if (error instanceof ApiError && error.status === 409) void refetch();
      }
    },
  });
  const shown = (field: keyof PayoutFormValues) => (form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined);
  const method = form.values.method as MovementMethod | '';
  const mobile = method === 'mobile_money';
  const currency = request.amount_currency.toUpperCase();

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={text.record} data-print-hide>
      <Stack gap="4" borderTopWidth="1px" pt="4" mt="2">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={`${text.fields.amount} (${currency})`} error={shown('amount')} helper={text.amountHelp} required>
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
              min={approvedOn}
              max={today}
              onChange={(v) => form.setFieldValue('date', v)}
              onBlur={() => form.setFieldTouched('date')}
            />
          </FormField>
          <FormField label={text.fields.method} error={shown('method')} required>
            <SelectInput
              name="method"
              ariaLabel={text.fields.method}
              value={form.values.method}
              options={METHODS}
              placeholder={text.choose}
              onChange={(v) => form.setFieldValue('method', v)}
              onBlur={() => form.setFieldTouched('method')}
            />
          </FormField>
          {mobile && (
            <FormField label={text.fields.network} error={shown('network')} required>
              <SelectInput
                name="network"
                ariaLabel={text.fields.network}
                value={form.values.network}
                options={NETWORKS}
                placeholder={text.choose}
                onChange={(v) => form.setFieldValue('network', v)}
                onBlur={() => form.setFieldTouched('network')}
              />
            </FormField>
          )}
          <FormField
            label={text.fields.reference}
            error={shown('reference')}
            helper={method ? text.referenceHelp[method] : undefined}
            required={method !== '' && method !== 'cash'}
          >
            <Input
              name="reference"
              value={form.values.reference}
              maxLength={MOVEMENT_REFERENCE_MAX}
              autoComplete="off"
              bg="bg"
              onChange={(e) => form.setFieldValue('reference', mobile ? e.target.value.toUpperCase() : e.target.value)}
              onBlur={() => form.setFieldTouched('reference')}
            />
          </FormField>
          {mobile && (
            <FormField label={text.fields.phone} error={shown('phone')} helper={text.phoneHelp} required>
              <Input
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={form.values.phone}
                maxLength={PHONE_TEXT_MAX_LENGTH}
                bg="bg"
                onChange={(e) => form.setFieldValue('phone', phoneInputText(e.target.value))}
                onBlur={() => form.setFieldTouched('phone')}
              />
            </FormField>
          )}
        </SimpleGrid>
        {failure && (
          <FormAlert status="error" detail={failure}>
            {text.failed}
          </FormAlert>
        )}
        {!online && <FormAlert status="info">{text.offline}</FormAlert>}
        <HStack gap="3" justify={{ base: 'stretch', md: 'flex-end' }} flexWrap="wrap">
          <Button variant="outline" onClick={onDone} flex={{ base: '1', md: 'initial' }}>
            {text.cancel}
          </Button>
          <Button type="submit" colorPalette="teal" loading={form.isSubmitting} disabled={!online} flex={{ base: '1', md: 'initial' }}>
            {text.save}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
