import { useFormik } from 'formik';
import { errorMessage } from '@imprest/api-client';
import { useOrganizationSettings, useSaveOrganizationSettings } from '@imprest/api-client/query';
import { REVIEW_REMINDER_DAYS_MAX } from '@imprest/domain';
import { reminderDaysOf, reviewReminderSchema } from '@imprest/domain/forms';
import { Button, FormAlert, FormField, HStack, Input, Stack, Text } from '@imprest/ui';
import { ORGANIZATION_TEXT as T } from '../../../strings';

/**
 * The days a request may wait at one step before its reviewers are reminded; directors only.
 * The server checks the value again and its refusal is shown as it says it.
 */
export function ReviewReminderSetting() {
  const settings = useOrganizationSettings();
  const save = useSaveOrganizationSettings();
  const current = settings.data?.review_reminder_days;
  // the box shows the saved value once it is read (0, off, as empty)
  const form = useFormik({
    initialValues: { days: current === undefined || current === 0 ? '' : String(current) },
    enableReinitialize: true,
    validationSchema: reviewReminderSchema,
    // the problem is said when Save is pressed, and stays until the next Save
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: ({ days }) => save.mutate({ review_reminder_days: reminderDaysOf(days) ?? null }),
  });

  if (settings.isError) return <FormAlert status="error">{T.loadFailed}</FormAlert>;
  const error = form.errors.days ?? (save.isError ? errorMessage(save.error) : undefined);
  return (
    <form onSubmit={form.handleSubmit} aria-label={T.title} noValidate>
      <Stack gap="3">
        <FormField label={T.reminderDays} error={error}>
          {/* the button beside the box: one short value, saved on its own */}
          <HStack gap="3">
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={REVIEW_REMINDER_DAYS_MAX}
              step={1}
              w="24"
              name="days"
              value={form.values.days}
              disabled={settings.isPending}
              // the text as typed (formik's handleChange would make a number of a number box)
              onChange={(e) => (form.setFieldValue('days', e.currentTarget.value), save.reset())}
            />
            <Button type="submit" size="sm" loading={save.isPending} disabled={settings.isPending}>
              {T.save}
            </Button>
          </HStack>
        </FormField>
        <Text color="fg.muted" fontSize="sm">
          {T.reminderHelp} {current === 0 && T.off}
        </Text>
        {save.isSuccess && <FormAlert status="success">{T.saved}</FormAlert>}
      </Stack>
    </form>
  );
}
