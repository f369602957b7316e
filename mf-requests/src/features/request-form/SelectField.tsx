import type { RequestFormValues } from '@imprest/domain/forms';
import { SelectInput, type Option } from '@imprest/ui';
import { FormField } from '@imprest/ui/forms';
import { bind, type FieldName, type RequestForm } from './form-helpers';

/** The form's fields that hold one text value, so a select can show and set them. */
type TextField = { [K in FieldName]: RequestFormValues[K] extends string ? K : never }[FieldName];

interface SelectFieldProps {
  form: RequestForm;
  name: TextField;
  label: string;
  options: Option[];
  helper?: string;
}

/** A required select bound to one of the request form's fields: its value, its error once touched. */
export function SelectField({ form, name, label, options, helper }: SelectFieldProps) {
  const field = bind(form, name);
  return (
    <FormField required label={label} error={field.error} helper={helper}>
      <SelectInput name={name} value={form.values[name]} options={options} onChange={field.set} onBlur={field.blur} />
    </FormField>
  );
}
