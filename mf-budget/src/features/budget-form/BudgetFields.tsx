import type { ReactNode } from 'react';
import type { FormikProps } from 'formik';
import type { BudgetFormValues } from '@imprest/domain';
import { Input, SimpleGrid } from '@imprest/ui';
import { AmountInput, FormField, Textarea } from '@imprest/ui/forms';
import { BRANCH_OPTIONS, CATEGORY_OPTIONS, CURRENCY_OPTIONS, DEPARTMENT_OPTIONS } from '../../components/budget-labels';
import { SelectInput, type Option } from '@imprest/ui';
import { TEXT } from '../../strings';
import { CostCodeField } from './CostCodeField';
import { liveCode } from './form-values';
import { MissingRateNote } from './MissingRateNote';

type FieldName = keyof BudgetFormValues;

/** What prior requests freeze (docs/product-rules.md §Validation). */
const LOCKED_FIELDS: readonly FieldName[] = ['currency', 'categories', 'branch', 'code'];

const SELECTS: Partial<Record<FieldName, Option[]>> = {
  department: DEPARTMENT_OPTIONS,
  currency: CURRENCY_OPTIONS,
  categories: CATEGORY_OPTIONS,
  branch: BRANCH_OPTIONS,
};

const OPTIONAL: readonly FieldName[] = ['department', 'description'];

function FieldBox({
  name,
  error,
  disabled,
  children,
  wide,
  helper,
}: {
  name: FieldName;
  error?: string;
  disabled: boolean;
  children: ReactNode;
  wide?: boolean;
  helper?: ReactNode;
}) {
  return (
    <FormField
      label={TEXT.form.fields[name]}
      error={error}
      required={!OPTIONAL.includes(name)}
      disabled={disabled}
      wide={wide}
      helper={helper}
    >
      {children}
    </FormField>
  );
}

/** Every field of a budget code, two columns on wider screens. */
export function BudgetFields({ form, locked }: { form: FormikProps<BudgetFormValues>; locked: boolean }) {
  const { values, errors, touched } = form;
  const errorOf = (name: FieldName) => (touched[name] ? errors[name] : undefined);
  const isLocked = (name: FieldName) => locked && LOCKED_FIELDS.includes(name);
  const set = (name: FieldName) => (value: string) => void form.setFieldValue(name, value);
  const blur = (name: FieldName) => () => void form.setFieldTouched(name);

  const currencyNote = values.currency && values.currency !== 'tzs' ? <MissingRateNote currency={values.currency} /> : undefined;
  const select = (name: FieldName) => (
    <FieldBox
      key={name}
      name={name}
      error={errorOf(name)}
      disabled={isLocked(name)}
      helper={name === 'currency' ? currencyNote : undefined}
    >
      <SelectInput
        name={name}
        value={values[name]}
        options={SELECTS[name]!}
        disabled={isLocked(name)}
        onChange={set(name)}
        onBlur={blur(name)}
      />
    </FieldBox>
  );

  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FieldBox name="name" error={errorOf('name')} disabled={false}>
        <Input
          name="name"
          value={values.name}
          autoComplete="off"
          bg="bg"
          onChange={(e) => set('name')(e.target.value)}
          onBlur={blur('name')}
        />
      </FieldBox>
      <FieldBox name="amount" error={errorOf('amount')} disabled={false}>
        <AmountInput name="amount" value={values.amount} onChange={set('amount')} onBlur={blur('amount')} />
      </FieldBox>
      {select('department')}
      {select('currency')}
      {select('categories')}
      {select('branch')}
      <CostCodeField
        value={values.code}
        error={errorOf('code')}
        disabled={isLocked('code')}
        fullCode={liveCode(values)}
        onChange={set('code')}
        onBlur={blur('code')}
      />
      <FieldBox name="description" error={errorOf('description')} disabled={false} wide>
        <Textarea
          name="description"
          value={values.description}
          rows={3}
          bg="bg"
          onChange={(e) => set('description')(e.target.value)}
          onBlur={blur('description')}
        />
      </FieldBox>
    </SimpleGrid>
  );
}
