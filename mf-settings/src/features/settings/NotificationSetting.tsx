import { useState } from 'react';
import { saveMySettings, useSession } from '@imprest/api-client';
import { parseUserSettings } from '@imprest/domain';
import { FormAlert, Stack, Text } from '@imprest/ui';
import { Switch } from '@imprest/ui/inputs';
import { TEXT } from '../../strings';

/** The notification switch: on means e-mails are sent, i.e. mute_notification is false. */
export function NotificationSetting() {
  const user = useSession((s) => s.currentUser);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<'saved' | 'failed' | null>(null);
  if (!user) return null;
  const enabled = !parseUserSettings(user.settings).mute_notification;

  const toggle = async (on: boolean) => {
    setSaving(true);
    setResult(null);
    try {
      await saveMySettings({ mute_notification: !on });
      setResult('saved');
    } catch {
      setResult('failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="3">
      <Text color="fg.muted" fontSize="sm">
        {TEXT.notificationsHelp}
      </Text>
      <Switch.Root checked={enabled} disabled={saving} onCheckedChange={(e) => void toggle(e.checked)} colorPalette="teal">
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{TEXT.emailSwitch}</Switch.Label>
      </Switch.Root>
      {result === 'saved' && <FormAlert status="success">{TEXT.saved}</FormAlert>}
      {result === 'failed' && <FormAlert status="error">{TEXT.failed}</FormAlert>}
    </Stack>
  );
}
