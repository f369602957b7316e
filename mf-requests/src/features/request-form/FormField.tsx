import type { ReactNode } from 'react';
import { Field } from '@imprest/ui';

interface FormFieldProps {
  label: string;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  wide?: boolean;
  children: ReactNode;
}

/** A labelled field with its error under it; `wide` spans both columns. */
export function FormField({ label, error, helper, required = true, disabled, wide, children }: FormFieldProps) {
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled} gridColumn={wide ? '1 / -1' : undefined}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
