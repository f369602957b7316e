import { useState } from 'react';
import { downloadBudget } from '@imprest/api-client';
import { saveBlob } from '@imprest/ui/files';

/** Download Requests: the code's requests as a spreadsheet. A failure is only logged (docs/product-rules.md §Messages). */
export function useDownload(code: number) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadBudget(code);
      saveBlob(file.blob, file.filename);
    } catch (error) {
      console.error(`Download of the requests of budget ${code} failed`, error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
