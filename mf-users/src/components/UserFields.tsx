import type { ReactNode } from 'react';
import type { FormikProps } from 'formik';
import { optionLabel, phoneDisplay, phoneInputText, readPhone, type UserField, type UserInput } from '@imprest/domain';
import { Input, SimpleGrid } from '@imprest/ui';
import { FormField } from '@imprest/ui/forms';
import { SelectInput, type Option } from '@imprest/ui';
import { DEPARTMENT_OPTIONS, positionOptions, roleLabel, systemRoleOptions } from './user-options';
import { TEXT } from '../strings';

interface UserFieldsProps {
  form: FormikProps<UserInput>;
  /** Values shown as text, nothing editable (the detail page before Edit). */
  readOnly?: boolean;
  /** Fields this person may not change (canEditIdentity). */
  locked?: readonly UserField[];
  allowDirector: boolean;
}

/**
 * Under the phone: the number as it will be saved, when that differs from what is typed (0712…
 * becomes +255 712 …, a lost leading zero restored); for a number stored before numbers were
 * checked and left as it is, that it is not valid (the form lets it stay, as the server does).
 */
function phoneHelper(value: string, stored: string, readOnly: boolean): string | undefined {
  const reading = readPhone(value);
  if ('e164' in reading) return !readOnly && reading.e164 !== value.trim() ? TEXT.detail.phoneSavedAs(phoneDisplay(value)) : undefined;
  return value !== '' && value === stored ? TEXT.detail.phoneStoredInvalid : undefined;
}

const SELECTS: Partial<Record<UserField, (allowDirector: boolean, current: string) => Option[]>> = {
  department: () => DEPARTMENT_OPTIONS,
  role: positionOptions,
  system_role: systemRoleOptions,
};

const display: Partial<Record<UserField, (value: string) => string>> = {
  department: optionLabel,
  role: optionLabel,
  system_role: roleLabel,
  phone_number: phoneDisplay,
};

const ORDER: UserField[] = ['fullname', 'department', 'role', 'phone_number', 'email', 'system_role'];

/** The six fields of a user (docs/screens.md "Users"), for the add form and the detail page alike. */
export function UserFields({ form, readOnly = false, locked = [], allowDirector }: UserFieldsProps) {
  const { values, errors, touched } = form;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {ORDER.map((field) => {
        const label = TEXT.fields[field];
        const error = touched[field] ? errors[field] : undefined;
        const value = values[field];
        const options = SELECTS[field];
        const disabled = !readOnly && locked.includes(field);
        let control: ReactNode;
        if (readOnly) {
          control = <Input name={field} readOnly variant="subtle" value={display[field]?.(value) ?? value} />;
        } else if (options) {
          control = (
            <SelectInput
              name={field}
              value={value}
              options={options(allowDirector, form.initialValues[field])}
              placeholder={TEXT.choose}
              disabled={disabled}
              onChange={(next) => void form.setFieldValue(field, next)}
              onBlur={() => void form.setFieldTouched(field)}
            />
          );
        } else {
          const phone = field === 'phone_number';
          control = (
            <Input
              name={field}
              value={value}
              type={phone ? 'tel' : field === 'email' ? 'email' : 'text'}
              inputMode={phone ? 'tel' : undefined}
              autoComplete={phone ? 'tel' : field === 'email' ? 'email' : 'name'}
              bg="bg"
              // docs/product-rules.md §Phone numbers: digits and a leading +, as typed
              onChange={(e) => void form.setFieldValue(field, phone ? phoneInputText(e.target.value) : e.target.value)}
              onBlur={() => void form.setFieldTouched(field)}
            />
          );
        }
        return (
          <FormField
            key={field}
            label={label}
            error={error}
            helper={field === 'phone_number' ? phoneHelper(value, form.initialValues.phone_number, readOnly) : undefined}
            required={!readOnly}
            disabled={disabled}
          >
            {control}
          </FormField>
        );
      })}
    </SimpleGrid>
  );
}
