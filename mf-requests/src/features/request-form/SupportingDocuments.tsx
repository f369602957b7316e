import { useMemo } from 'react';
import { ApiError, isOnline, keepFileOnDevice, uploadFile } from '@imprest/api-client';
import { FileUpload, type Uploader } from '@imprest/ui';

/**
 * Each file goes to the store as soon as it is chosen; the request carries the stored keys.
 * Without a connection the file stays on the device under a local key instead, with the draft,
 * and is uploaded before the request is sent.
 */
function uploaderFor(userId: number): Uploader {
  return async (file, onProgress, signal) => {
    if (!isOnline()) return keepFileOnDevice(userId, file);
    try {
      return await uploadFile(file, { onProgress, signal });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NETWORK') return keepFileOnDevice(userId, file);
      throw error;
    }
  };
}

interface SupportingDocumentsProps {
  userId: number;
  keys: string[];
  onChange: (keys: string[]) => void;
  /** True while a file is still on its way: the form waits before submitting. */
  onBusyChange: (busy: boolean) => void;
}

/** SPEC §2 "Optional supporting-document upload": several files, a removable chip each. */
export function SupportingDocuments({ userId, keys, onChange, onBusyChange }: SupportingDocumentsProps) {
  const uploader = useMemo(() => uploaderFor(userId), [userId]);
  return <FileUpload uploader={uploader} value={keys} onUploaded={onChange} onBusyChange={onBusyChange} />;
}
