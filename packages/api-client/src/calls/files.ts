import axios, { AxiosError } from 'axios';
import { ApiError, http } from '../http';

/** The signed form to upload one file with (server README "Files"): every field, then `file` last. */
interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface UploadOptions {
  /** 0…1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The store's own endpoints (an S3 bucket or the local store's /api/v1/files/upload and
 * download links) are authorised by their signature: a plain axios call, without our base URL
 * and without the session headers, which must never reach a bucket.
 */
const store = axios.create({ timeout: 120_000, validateStatus: (status) => status >= 200 && status < 300 });

/** The error of a store call: the local store answers JSON, S3 answers XML with a <Message>. */
function storeError(error: unknown): ApiError {
  if (!(error instanceof AxiosError) || !error.response) {
    if (axios.isCancel(error)) return new ApiError('Upload cancelled', 0, 'CANCELLED');
    return new ApiError('The file store could not be reached. Check your connection.', 0, 'NETWORK');
  }
  const { status, statusText, data } = error.response;
  const text = typeof data === 'string' ? data : '';
  const message =
    data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string'
      ? (data as { error: string }).error
      : (/<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? statusText ?? `HTTP ${status}`);
  return new ApiError(message || `HTTP ${status}`, status, status === 404 ? 'NOT_FOUND' : 'STORE_ERROR');
}

async function requestUpload(fileName: string, signal?: AbortSignal): Promise<PresignedPost> {
  return (await http.get('files/presigned-post-url', { params: { file_name: fileName }, signal })).data;
}

/** Uploads one file through a presigned POST; resolves with its stored key. */
export async function uploadFile(file: File, { onProgress, signal }: UploadOptions = {}): Promise<string> {
  const { url, fields } = await requestUpload(file.name, signal);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file); // last: the store ignores anything after the file
  try {
    await store.post(url, form, {
      signal,
      onUploadProgress: (event) => onProgress?.(event.total ? event.loaded / event.total : (event.progress ?? 0)),
    });
  } catch (error) {
    throw storeError(error);
  }
  onProgress?.(1);
  return fields.key;
}

/** A signed download link (an attachment) for a stored key. */
async function downloadUrl(key: string): Promise<string> {
  return (await http.get('files/presigned-get-url', { params: { file_name: key } })).data.url;
}

/** The bytes of a stored file, for the preview. A missing file rejects with an ApiError of status 404. */
export async function fetchFileBlob(key: string, signal?: AbortSignal): Promise<Blob> {
  const url = await downloadUrl(key);
  try {
    return (await store.get<Blob>(url, { responseType: 'blob', signal })).data;
  } catch (error) {
    throw storeError(error);
  }
}
