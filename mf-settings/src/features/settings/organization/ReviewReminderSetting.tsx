import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '@imprest/api-client';
import { useOrganizationSettings, useSaveOrganizationSettings } from '@imprest/api-client/query';
import { REVIEW_REMINDER_DAYS_MAX } from '@imprest/domain';
import { Button, FormAlert, FormField, HStack, Input, Stack, Text } from '@imprest/ui';
import { ORGANIZATION_TEXT as T } from '../../../strings';

/** What the box holds as the server takes it: empty is null (off); anything but whole digits is refused here. */
function daysOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,3}$/.test(trimmed) && Number(trimmed) <= REVIEW_REMINDER_DAYS_MAX ? Number(trimmed) : undefined;
}

/**
 * The days a request may wait at one step before its reviewers are reminded (issue 15); directors
 * only. The server checks the value again and its refusal is shown as it says it.
 */
export function ReviewReminderSetting() {
  const settings = useOrganizationSettings();
  const save = useSaveOrganizationSettings();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const current = settings.data?.review_reminder_days;
  useEffect(() => {
    if (current !== undefined) setText(current === 0 ? '' : String(current));
  }, [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = daysOf(text);
    setProblem(days === undefined ? T.reminderProblem : null);
    if (days !== undefined) save.mutate({ review_reminder_days: days });
  };

  if (settings.isError) return <FormAlert status="error">{T.loadFailed}</FormAlert>;
  const error = problem ?? (save.isError ? errorMessage(save.error) : undefined);
  return (
    <form onSubmit={submit} aria-label={T.title} noValidate>
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
              value={text}
              disabled={settings.isPending}
              onChange={(e) => (setText(e.currentTarget.value), save.reset())}
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
