import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '@imprest/api-client';
import { useOrganizationSettings, useSaveOrganizationSettings } from '@imprest/api-client/query';
import { fromMinorUnits, receiptExemptionMinor, toMinorUnits, withThousands } from '@imprest/domain';
import { AmountInput, Button, FormAlert, FormField, HStack, Stack, Text } from '@imprest/ui';
import { ORGANIZATION_TEXT as T } from '../../../strings';

/** The box as the server takes it: empty is null (nothing exempt); undefined when it is not an allowed amount. */
function amountOf(text: string): number | null | undefined {
  const trimmed = text.replace(/,/g, '').trim();
  if (trimmed === '') return null;
  const minor = toMinorUnits(trimmed);
  return minor !== null && receiptExemptionMinor(fromMinorUnits(minor)) !== null ? fromMinorUnits(minor) : undefined;
}

/**
 * The petty-cash exemption from receipts (docs/product-rules.md §Retirements): retirements spending
 * less than this amount in TZS need no receipt; directors only. The server checks it again.
 */
export function ReceiptExemptionSetting() {
  const settings = useOrganizationSettings();
  const save = useSaveOrganizationSettings();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const current = settings.data?.receipt_exempt_below;
  useEffect(() => {
    if (current !== undefined) setText(current === 0 ? '' : withThousands(String(current)));
  }, [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = amountOf(text);
    setProblem(amount === undefined ? T.receiptProblem : null);
    if (amount !== undefined) save.mutate({ receipt_exempt_below: amount });
  };

  if (settings.isError) return null;
  const error = problem ?? (save.isError ? errorMessage(save.error) : undefined);
  return (
    <form onSubmit={submit} aria-label={T.receiptExemption} noValidate>
      <Stack gap="3">
        <FormField label={T.receiptExemption} error={error}>
          <HStack gap="3">
            <AmountInput
              name="receipt_exempt_below"
              value={text}
              disabled={settings.isPending}
              onChange={(v) => (setText(v), save.reset())}
            />
            <Button type="submit" size="sm" loading={save.isPending} disabled={settings.isPending}>
              {T.save}
            </Button>
          </HStack>
        </FormField>
        <Text color="fg.muted" fontSize="sm">
          {T.receiptHelp} {current === 0 && T.receiptNone}
        </Text>
        {save.isSuccess && <FormAlert status="success">{T.saved}</FormAlert>}
      </Stack>
    </form>
  );
}
