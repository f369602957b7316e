import { useState } from 'react';
import { downloadRequests, useMode, useSession } from '@imprest/api-client';
import { Button, FormAlert, Stack, saveBlob } from '@imprest/ui';
import { TEXT } from '../../strings';

/**
 * Download Requests: the requests the user sees in the current mode as a spreadsheet, named by the
 * server after the user — their own in staff mode ('user'), their role's in admin mode (SPEC §6).
 */
export function DownloadRequests() {
  const user = useSession((s) => s.currentUser);
  const mode = useMode((s) => s.currentMode);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!user) return null;

  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const file = await downloadRequests(mode === 'admin' ? user.system_role : 'user', user.id);
      saveBlob(file.blob, file.filename);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="2" align="flex-start">
      <Button variant="outline" loading={busy} onClick={() => void download()}>
        {TEXT.downloadRequests}
      </Button>
      {failed && <FormAlert status="error">{TEXT.downloadFailed}</FormAlert>}
    </Stack>
  );
}
