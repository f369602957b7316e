import type { FormikProps } from 'formik';
import type { RequestFormValues } from '@imprest/domain/forms';

export type RequestForm = FormikProps<RequestFormValues>;
export type FieldName = keyof RequestFormValues;

/** Binds a field: its error once touched, a setter and a blur handler. */
export function bind(form: RequestForm, name: FieldName) {
  return {
    error: form.touched[name] ? form.errors[name] : undefined,
    set: (value: string) => void form.setFieldValue(name, value),
    blur: () => void form.setFieldTouched(name),
  };
}
