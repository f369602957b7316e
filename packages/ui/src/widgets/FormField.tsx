import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

interface FormFieldProps {
  label: string;
  error?: string;
  /** A hint under the control while it has no error. */
  helper?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Spans every column of the surrounding grid. */
  wide?: boolean;
  children: ReactNode;
}

/** A labelled control with its required mark, its hint and its error line. */
export function FormField({ label, error, helper, required, disabled, wide, children }: FormFieldProps) {
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
