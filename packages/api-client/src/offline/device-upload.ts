import { ApiError, uploadFile } from '@imprest/api-client';
import { keepFileOnDevice } from './drafts';
import { isOnline } from './online';

/**
 * A form's uploader (the upload widget's signature): online the file goes to the store at once;
 * without a connection it stays on the device under a local key, with the draft, and the outbox
 * (or the form, once back online) uploads it before sending.
 */
export function uploadOrKeep(userId: number) {
  return async (file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<string> => {
    if (!isOnline()) return keepFileOnDevice(userId, file);
    try {
      return await uploadFile(file, { onProgress, signal });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NETWORK') return keepFileOnDevice(userId, file);
      throw error;
    }
  };
}
