import type { ReactNode } from 'react';
import { useFormik, type FormikConfig } from 'formik';
import { errorMessage } from '@imprest/api-client';
import { useOrganizationSettings, useSaveOrganizationSettings } from '@imprest/api-client/query';
import { Button, FormAlert, HStack, Stack, Text } from '@imprest/ui';
import { FormField } from '@imprest/ui/forms';
import { ORGANIZATION_TEXT as T } from '../../../strings';

type Setting = 'review_reminder_days' | 'receipt_exempt_below';
type Values = Record<string, string>;

interface SettingBox {
  name: string;
  value: string;
  /** Until the settings are read. */
  disabled: boolean;
  onChange: (text: string) => void;
}

interface SettingRowProps {
  setting: Setting;
  /** The box's name, and the schema's one key. */
  name: string;
  label: string;
  /** The form's name, when it is not the box's label. */
  formLabel?: string;
  schema: FormikConfig<Values>['validationSchema'];
  /** The box's text for the saved value (0, none, shows as empty). */
  textOf: (saved: number) => string;
  /** What is saved for valid text (null: none). */
  valueOf: (text: string) => number | null | undefined;
  help: (saved: number | undefined) => ReactNode;
  box: (box: SettingBox) => ReactNode;
  /** Said when the settings cannot be read; the page's other rows say nothing then. */
  loadFailure?: ReactNode;
}

/**
 * One organisation setting on its own row: a short box with Save beside it, the help below; directors
 * only. The box shows the saved value once read; a problem is said when Save is pressed and stays
 * until the next Save; the server checks the value again and its refusal is shown as it says it.
 */
export function SettingRow({
  setting,
  name,
  label,
  formLabel = label,
  schema,
  textOf,
  valueOf,
  help,
  box,
  loadFailure = null,
}: SettingRowProps) {
  const settings = useOrganizationSettings();
  const save = useSaveOrganizationSettings();
  const current: number | undefined = settings.data?.[setting];
  const form = useFormik<Values>({
    initialValues: { [name]: current === undefined || current === 0 ? '' : textOf(current) },
    enableReinitialize: true,
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (values) => save.mutate({ [setting]: valueOf(values[name]) ?? null }),
  });

  if (settings.isError) return loadFailure;
  const error = form.errors[name] ?? (save.isError ? errorMessage(save.error) : undefined);
  return (
    <form onSubmit={form.handleSubmit} aria-label={formLabel} noValidate>
      <Stack gap="3">
        <FormField label={label} error={error}>
          <HStack gap="3">
            {box({
              name,
              value: form.values[name],
              disabled: settings.isPending,
              onChange: (text) => (form.setFieldValue(name, text), save.reset()),
            })}
            <Button type="submit" size="sm" loading={save.isPending} disabled={settings.isPending}>
              {T.save}
            </Button>
          </HStack>
        </FormField>
        <Text color="fg.muted" fontSize="sm">
          {help(current)}
        </Text>
        {save.isSuccess && <FormAlert status="success">{T.saved}</FormAlert>}
      </Stack>
    </form>
  );
}
