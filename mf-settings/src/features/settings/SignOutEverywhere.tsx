import { useState } from 'react';
import { signOutEverywhere } from '@imprest/api-client';
import { Button, ConfirmDialog, FormAlert, Stack, Text } from '@imprest/ui';
import { SESSIONS_TEXT } from '../../strings';

/**
 * Sign out everywhere: after a confirmation, the server ends every session of the user (a lost
 * phone's too) and this browser goes back to Sign In, as Log Out does.
 */
export function SignOutEverywhere() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await signOutEverywhere(); // the shell shows Sign In once the session is forgotten
    } catch {
      setFailed(true);
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="3" align="flex-start">
      <Text color="fg.muted" fontSize="sm">
        {SESSIONS_TEXT.help}
      </Text>
      <Button variant="outline" colorPalette="red" onClick={() => setAsking(true)}>
        {SESSIONS_TEXT.button}
      </Button>
      {failed && <FormAlert status="error">{SESSIONS_TEXT.failed}</FormAlert>}
      <ConfirmDialog
        open={asking}
        title={SESSIONS_TEXT.confirmTitle}
        message={SESSIONS_TEXT.confirmMessage}
        confirmLabel={SESSIONS_TEXT.button}
        danger
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
