import { useState } from 'react';
import { useMode, useSession, type DownloadedFile, type RequestListScope } from '@imprest/api-client';
import { Button, FormAlert, Stack } from '@imprest/ui';
import { saveBlob } from '@imprest/ui/files';
import { TEXT } from '../../strings';

interface DownloadButtonProps {
  label: string;
  /** The download call: requests or retirements of a scope, as the server names the file. */
  fetch: (scope: RequestListScope, userId: number) => Promise<DownloadedFile>;
}

/**
 * Download Requests / Download Retirements: what the user sees in the current mode as a
 * spreadsheet, named by the server after the user — their own in staff mode ('user'), their
 * role's in admin mode (docs/product-rules.md §Roles).
 */
export function DownloadButton({ label, fetch }: DownloadButtonProps) {
  const user = useSession((s) => s.currentUser);
  const mode = useMode((s) => s.currentMode);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!user) return null;

  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const file = await fetch(mode === 'admin' ? user.system_role : 'user', user.id);
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
        {label}
      </Button>
      {failed && <FormAlert status="error">{TEXT.downloadFailed}</FormAlert>}
    </Stack>
  );
}
