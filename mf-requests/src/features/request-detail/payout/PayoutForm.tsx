import { useMemo, useState } from 'react';
import { useFormik } from 'formik';
import { actedFirst, errorMessage, useOrganizationTimeZone, useOrganizationToday, type RequestView } from '@imprest/api-client';
import { useOnline } from '@imprest/api-client/offline';
import { useFormKey, useRecordPayout } from '@imprest/api-client/query';
import { calendarDateAt, fromMinorUnits, withThousands } from '@imprest/domain';
import { movementBodyOf, payoutFormSchema, type PayoutFormValues } from '@imprest/domain/forms';
import { Button, FormAlert, HStack, SimpleGrid, Stack } from '@imprest/ui';
import { MovementFields } from '@imprest/ui/forms';
import { PAYOUT_TEXT as text } from './strings';

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
      setFailure(null);
      try {
        await mutation.mutateAsync({ body: { request_id: request.id, ...movementBodyOf(values) }, options });
        onDone();
      } catch (error) {
        setFailure(errorMessage(error));
        // paid meanwhile, or no longer approved: show the request as it is now
        if (actedFirst(error)) void refetch();
      }
    },
  });
  const currency = request.amount_currency.toUpperCase();

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={text.record} data-print-hide>
      <Stack gap="4" borderTopWidth="1px" pt="4" mt="2">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <MovementFields
            form={form}
            amount={{ label: `${text.fields.amount} (${currency})`, helper: text.amountHelp }}
            date={{ label: text.fields.date, min: approvedOn, max: today }}
            phone={{ label: text.fields.phone, helper: text.phoneHelp, required: true }}
          />
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
