import { Input } from '@chakra-ui/react';
import { withThousands } from '@imprest/domain';

interface AmountInputProps {
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  disabled?: boolean;
}

/**
 * A money amount as typed (docs/product-rules.md §Validation): digits and one decimal point, shown with thousands
 * separators. The value keeps its commas; parseAmountText strips them before sending.
 */
export function AmountInput({ value, onChange, onBlur, name, id, disabled }: AmountInputProps) {
  return (
    <Input
      id={id}
      name={name}
      value={value}
      disabled={disabled}
      inputMode="decimal"
      autoComplete="off"
      bg="bg"
      onChange={(e) => onChange(withThousands(e.target.value))}
      onBlur={onBlur}
    />
  );
}
