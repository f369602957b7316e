import { useMemo } from 'react';
import { uploadOrKeep } from '@imprest/api-client/offline';
import { FileUpload } from '@imprest/ui/inputs';

interface SupportingDocumentsProps {
  userId: number;
  keys: string[];
  onChange: (keys: string[]) => void;
  /** True while a file is still on its way: the form waits before submitting. */
  onBusyChange: (busy: boolean) => void;
}

/** docs/screens.md "Optional supporting-document upload": several files, a removable chip each. */
export function SupportingDocuments({ userId, keys, onChange, onBusyChange }: SupportingDocumentsProps) {
  // each file goes to the store as soon as it is chosen, or offline stays on the device with the draft
  const uploader = useMemo(() => uploadOrKeep(userId), [userId]);
  return <FileUpload uploader={uploader} value={keys} onUploaded={onChange} onBusyChange={onBusyChange} />;
}
