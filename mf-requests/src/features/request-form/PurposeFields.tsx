import { REQUEST_PURPOSES, isRequestPurpose, optionLabel } from '@imprest/domain';
import { Input, SelectInput, SimpleGrid } from '@imprest/ui';
import { DateField, FormField, Textarea } from '@imprest/ui/forms';
import { supplierLabel } from '../../components/supplier-label';
import { TEXT } from '../../strings';
import { bind, type RequestForm } from './form-helpers';
import { firstModeOf } from './form-values';

const { fields } = TEXT.form;
const PURPOSE_OPTIONS = Object.keys(REQUEST_PURPOSES).map((value) => ({ value, label: optionLabel(value) }));

/** Purpose of expenditure, then its own section: mode, supplier, date and justification (docs/screens.md). */
export function PurposeFields({ form, today }: { form: RequestForm; today: string }) {
  const { values } = form;
  const purpose = bind(form, 'purpose');
  const mode = bind(form, 'mode_of_service');
  const supplier = bind(form, 'name_of_establishment');
  const date = bind(form, 'expenditure_date');
  const justification = bind(form, 'expenditure_justification');
  const modes = isRequestPurpose(values.purpose)
    ? REQUEST_PURPOSES[values.purpose].map((value) => ({ value, label: optionLabel(value) }))
    : [];

  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField required label={fields.purpose} error={purpose.error}>
        <SelectInput
          name="purpose"
          value={values.purpose}
          options={PURPOSE_OPTIONS}
          placeholder={TEXT.form.choose}
          onChange={(value) => {
            purpose.set(value);
            // a mode belongs to its purpose: another purpose starts its own choice
            mode.set(firstModeOf(value));
          }}
          onBlur={purpose.blur}
        />
      </FormField>
      <FormField required label={fields.mode} error={mode.error} disabled={modes.length === 0}>
        <SelectInput
          name="mode_of_service"
          value={values.mode_of_service}
          options={modes}
          placeholder={TEXT.form.choose}
          disabled={modes.length === 0}
          onChange={mode.set}
          onBlur={mode.blur}
        />
      </FormField>
      <FormField required label={supplierLabel(values.purpose)} error={supplier.error}>
        <Input
          name="name_of_establishment"
          value={values.name_of_establishment}
          bg="bg"
          onChange={(e) => supplier.set(e.target.value)}
          onBlur={supplier.blur}
        />
      </FormField>
      <FormField required label={fields.date} error={date.error}>
        {/* typed dd/mm/yyyy; the calendar offers no day before today (docs/product-rules.md §Validation), the schema refuses a typed one */}
        <DateField name="expenditure_date" min={today} value={values.expenditure_date} onChange={date.set} onBlur={date.blur} />
      </FormField>
      <FormField required label={fields.justification} error={justification.error} wide>
        <Textarea
          name="expenditure_justification"
          rows={4}
          value={values.expenditure_justification}
          bg="bg"
          onChange={(e) => justification.set(e.target.value)}
          onBlur={justification.blur}
        />
      </FormField>
    </SimpleGrid>
  );
}
