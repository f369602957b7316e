import { useState } from 'react';
import { useFormik } from 'formik';
import { errorMessage, useOrganizationTimeZone } from '@imprest/api-client';
import { useSaveExchangeRates } from '@imprest/api-client/query';
import { RATE_CURRENCIES, formatAmount, formatDateTime, withThousands, type ExchangeRates } from '@imprest/domain';
import { exchangeRatesSchema, ratesOfDrafts, type ExchangeRateDrafts } from '@imprest/domain/forms';
import { Box, Button, FormAlert, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@imprest/ui';
import { Field } from '@imprest/ui/forms';
import { useOnline } from '@imprest/api-client/offline';
import { TEXT } from '../../strings';
import { OfflineReason } from '../../components/OfflineReason';

const draftsOf = (rates: ExchangeRates): ExchangeRateDrafts =>
  Object.fromEntries(RATE_CURRENCIES.map((c) => [c, rates[c] === undefined ? '' : withThousands(String(rates[c]))]));

function RatesForm({ rates, onDone }: { rates: ExchangeRates; onDone: (saved: boolean) => void }) {
  const save = useSaveExchangeRates();
  // exchange rates decide which step approves a request: never queued, so offline Save waits
  const online = useOnline();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFormik<ExchangeRateDrafts>({
    initialValues: draftsOf(rates),
    // the set is judged when Save is pressed, and its sentence stays until the next Save
    validationSchema: exchangeRatesSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (drafts) => {
      try {
        await save.mutateAsync(ratesOfDrafts(drafts));
        onDone(true);
      } catch (error) {
        setFailure(errorMessage(error));
      }
    },
  });
  // the schema's one sentence for the whole set (see exchangeRatesSchema)
  const problem = (form.errors as { rates?: string }).rates;

  return (
    <form onSubmit={(event) => (setFailure(null), form.handleSubmit(event))} noValidate aria-label={TEXT.rates.title}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {RATE_CURRENCIES.map((currency) => (
            <Field.Root key={currency}>
              <Field.Label>{`${TEXT.rates.perUnit(currency)} (${TEXT.rates.tzs})`}</Field.Label>
              <Input
                name={currency}
                value={form.values[currency]}
                inputMode="decimal"
                autoComplete="off"
                bg="bg"
                onChange={(e) => void form.setFieldValue(currency, withThousands(e.target.value))}
              />
            </Field.Root>
          ))}
        </SimpleGrid>
        {problem && <FormAlert status="error">{problem}</FormAlert>}
        {failure !== null && (
          <FormAlert status="error" detail={failure}>
            {TEXT.rates.failed}
          </FormAlert>
        )}
        {!online && <OfflineReason />}
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={() => onDone(false)}>
            {TEXT.rates.cancel}
          </Button>
          <Button type="submit" colorPalette="teal" disabled={!online} loading={save.isPending}>
            {TEXT.rates.save}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** The rates every request is converted with; directors change them here, everyone else reads them and why. */
export function ExchangeRatesPanel({ rates, modifiedAt, canEdit }: { rates: ExchangeRates; modifiedAt: string | null; canEdit: boolean }) {
  const timeZone = useOrganizationTimeZone();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <Box as="section" aria-label={TEXT.rates.title} bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <HStack justify="space-between" mb="2" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {TEXT.rates.title}
        </Heading>
        {canEdit && !editing && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {TEXT.rates.edit}
          </Button>
        )}
      </HStack>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {TEXT.rates.help}
      </Text>
      {!canEdit && (
        <Text color="fg.muted" fontSize="sm" mb="4" data-testid="rates-directors-only">
          {TEXT.rates.directorsOnly}
        </Text>
      )}
      {editing ? (
        <RatesForm
          rates={rates}
          onDone={(ok) => {
            setSaved(ok);
            setEditing(false);
          }}
        />
      ) : (
        <Stack gap="2">
          {RATE_CURRENCIES.map((currency) => (
            <HStack key={currency} justify="space-between" borderBottomWidth="1px" py="1" gap="4">
              <Text whiteSpace="nowrap" flexShrink={0}>
                {TEXT.rates.perUnit(currency)}
              </Text>
              <Text fontWeight="medium" textAlign="end">
                {rates[currency] === undefined ? TEXT.rates.notSet : `${formatAmount(rates[currency])} ${TEXT.rates.tzs}`}
              </Text>
            </HStack>
          ))}
          {modifiedAt && (
            <Text color="fg.muted" fontSize="xs">
              {TEXT.rates.modified(formatDateTime(modifiedAt, timeZone))}
            </Text>
          )}
          {saved && <FormAlert status="success">{TEXT.rates.saved}</FormAlert>}
        </Stack>
      )}
    </Box>
  );
}
