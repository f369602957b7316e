import { REVIEW_REMINDER_DAYS_MAX } from '@imprest/domain';
import { reminderDaysOf, reviewReminderSchema } from '@imprest/domain/forms';
import { FormAlert, Input } from '@imprest/ui';
import { ORGANIZATION_TEXT as T } from '../../../strings';
import { SettingRow } from './SettingRow';

/** The days a request may wait at one step before its reviewers are reminded; directors only. */
export function ReviewReminderSetting() {
  return (
    <SettingRow
      setting="review_reminder_days"
      name="days"
      label={T.reminderDays}
      schema={reviewReminderSchema}
      textOf={String}
      valueOf={reminderDaysOf}
      help={(saved) => (
        <>
          {T.reminderHelp} {saved === 0 && T.off}
        </>
      )}
      // the page's first setting: its form is named as the section, and it says when the settings cannot be read
      formLabel={T.title}
      loadFailure={<FormAlert status="error">{T.loadFailed}</FormAlert>}
      box={({ onChange, ...box }) => (
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={REVIEW_REMINDER_DAYS_MAX}
          step={1}
          w="24"
          {...box}
          // the text as typed (formik's handleChange would make a number of a number box)
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
    />
  );
}
