import { digitsOnly } from '@imprest/domain';
import { Box, Input, SimpleGrid, Text } from '@imprest/ui';
import { Field } from '@imprest/ui/forms';
import { TEXT } from '../../strings';

interface CostCodeFieldProps {
  value: string;
  error?: string;
  disabled: boolean;
  /** The full code computed from category, branch and this cost code. */
  fullCode: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** The cost code 1..99 and, beside it, the full budget code it makes, computed as the user types. */
export function CostCodeField({ value, error, disabled, fullCode, onChange, onBlur }: CostCodeFieldProps) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" gridColumn="1 / -1" alignItems="start">
      <Field.Root invalid={!!error} required disabled={disabled}>
        <Field.Label>
          {TEXT.form.fields.code}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="code"
          value={value}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          bg="bg"
          onChange={(e) => onChange(digitsOnly(e.target.value))}
          onBlur={onBlur}
        />
        <Field.ErrorText>{error}</Field.ErrorText>
        <Field.HelperText>{TEXT.form.codeWarning}</Field.HelperText>
      </Field.Root>
      <Box bg="teal.50" color="teal.900" borderRadius="md" px="4" py="3" mt={{ md: '6' }}>
        <Text fontSize="lg" fontWeight="semibold" fontVariantNumeric="tabular-nums" aria-live="polite" data-testid="live-code">
          {TEXT.form.liveCode(fullCode)}
        </Text>
      </Box>
    </SimpleGrid>
  );
}
