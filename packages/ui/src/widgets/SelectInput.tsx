import { NativeSelect } from '@chakra-ui/react';

export interface Option {
  value: string;
  label: string;
}

interface SelectInputProps {
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Shown as an empty first choice while nothing is chosen. */
  placeholder?: string;
  name?: string;
  id?: string;
  ariaLabel?: string;
  size?: 'sm' | 'md';
  disabled?: boolean;
}

/** A native select (fast on phones, no popover code in the bundle) with an optional placeholder. */
export function SelectInput({
  value,
  options,
  onChange,
  onBlur,
  placeholder,
  name,
  id,
  ariaLabel,
  size = 'md',
  disabled,
}: SelectInputProps) {
  return (
    <NativeSelect.Root size={size} disabled={disabled}>
      <NativeSelect.Field
        id={id}
        name={name}
        aria-label={ariaLabel}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
        bg="bg"
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
