import { uploadFile } from '@imprest/api-client';
import { FileUpload, type Uploader } from '@imprest/ui';

// each file goes to the store as soon as it is chosen; the request carries the stored keys
const uploader: Uploader = (file, onProgress, signal) => uploadFile(file, { onProgress, signal });

interface SupportingDocumentsProps {
  keys: string[];
  onChange: (keys: string[]) => void;
  /** True while a file is still on its way: the form waits before submitting. */
  onBusyChange: (busy: boolean) => void;
}

/** SPEC §2 "Optional supporting-document upload": several files, a removable chip each. */
export function SupportingDocuments({ keys, onChange, onBusyChange }: SupportingDocumentsProps) {
  return <FileUpload uploader={uploader} value={keys} onUploaded={onChange} onBusyChange={onBusyChange} />;
}
