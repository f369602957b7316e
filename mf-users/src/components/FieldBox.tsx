import type { ReactNode } from 'react';
import { Field } from '@imprest/ui';

interface FieldBoxProps {
  label: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Spans every column of the surrounding grid. */
  wide?: boolean;
  children: ReactNode;
}

/** A labelled control with its required mark and error line, as every form of the section shows them. */
export function FieldBox({ label, error, required, disabled, wide, children }: FieldBoxProps) {
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled} gridColumn={wide ? '1 / -1' : undefined}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
