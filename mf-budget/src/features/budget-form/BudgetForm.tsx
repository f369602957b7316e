import { useMemo, type ReactNode } from 'react';
import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { toBudgetInput, type BudgetFormValues, type BudgetInput } from '@imprest/domain';
import { budgetFormSchema } from '@imprest/domain/forms';
import { Stack, Text } from '@imprest/ui';
import { FormActions } from '@imprest/ui/forms';
import { useOnline } from '@imprest/api-client/offline';
import { TEXT } from '../../strings';
import { OfflineReason } from './offline-reason';
import { BudgetFields } from './BudgetFields';

interface BudgetFormProps {
  initialValues: BudgetFormValues;
  /** Prior requests exist: currency, category, branch and code stay as they are (docs/product-rules.md §Validation). */
  locked?: boolean;
  /** What requests have committed: the amount may not go below it. */
  minAmount?: number;
  /** A failed save, shown above the buttons. */
  alert?: ReactNode;
  onSubmit: (input: BudgetInput) => Promise<unknown>;
  onCancel: () => void;
}

type Schema = ReturnType<typeof budgetFormSchema>;

/** The errors the values have right away, so Save starts disabled when a required field is empty. */
function errorsNow(values: BudgetFormValues, schema: Schema): FormikErrors<BudgetFormValues> {
  try {
    validateYupSchema(values, schema, true);
    return {};
  } catch (error) {
    return yupToFormErrors(error);
  }
}

/** Add and Edit Budget: the fields, Cancel, and Save, which stays disabled while any error exists (docs/product-rules.md §Validation). */
export function BudgetForm({ initialValues, locked = false, minAmount = 0, alert, onSubmit, onCancel }: BudgetFormProps) {
  // a locked code (prior requests) may only grow; otherwise it may not drop below what is committed
  const schema = useMemo(
    () => budgetFormSchema({ minAmount, currency: initialValues.currency, increaseOnly: locked }),
    [minAmount, initialValues.currency, locked],
  );
  const form = useFormik<BudgetFormValues>({
    initialValues,
    initialErrors: useMemo(() => errorsNow(initialValues, schema), [initialValues, schema]),
    validationSchema: schema,
    onSubmit: (values) => onSubmit(toBudgetInput(values)),
  });
  const blocked = !form.isValid;
  // a budget change moves money: never queued, so offline Save waits for a connection
  const online = useOnline();

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Stack gap="5">
        <BudgetFields form={form} locked={locked} />
        {alert}
        <Stack gap="2" align={{ base: 'stretch', md: 'flex-end' }}>
          <FormActions
            cancelLabel={TEXT.form.cancel}
            onCancel={onCancel}
            saveLabel={TEXT.form.save}
            saveDisabled={blocked || form.isSubmitting || !online}
            saving={form.isSubmitting}
          />
          {!online && <OfflineReason />}
          {blocked && (
            <Text fontSize="sm" color="fg.muted" textAlign={{ base: 'center', md: 'right' }}>
              {TEXT.form.saveHint}
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
