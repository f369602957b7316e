import { displayFileName } from '@imprest/domain';
import { idbDelete, idbGet, idbPut } from './idb';

/** Which form a draft belongs to: the new request, a resubmission, or one retirement. */
export type DraftForm = 'request' | `request-edit:${number}` | `retirement:${number}`;

export interface Draft<Values = unknown> {
  userId: number;
  form: DraftForm;
  values: Values;
  /** Stored keys and, for files chosen offline, local keys (see keepFileOnDevice). */
  fileKeys: string[];
  /** Why the server refused it when the outbox sent it; the form shows it. */
  refusal?: string;
  /** The Idempotency-Key it was queued with: sent again unchanged, it still creates one record. */
  idempotencyKey?: string;
  savedAt: number;
}

const draftId = (userId: number, form: DraftForm) => `${userId}:${form}`;

export const loadDraft = <Values>(userId: number, form: DraftForm) => idbGet<Draft<Values>>('drafts', draftId(userId, form));
export const saveDraft = (draft: Draft) => idbPut('drafts', draftId(draft.userId, draft.form), draft);
export const deleteDraft = (userId: number, form: DraftForm) => idbDelete('drafts', draftId(userId, form));

// A file chosen without a connection stays on the device under a local key shaped like a stored
// one (a 7-character prefix, then the name), so the upload widget shows its name; the outbox
// uploads it before sending and swaps the key.
const LOCAL_PREFIX = '~';

interface LocalFile {
  userId: number;
  file: Blob;
  name: string;
  type: string;
}

export const isLocalKey = (key: string) => key.startsWith(LOCAL_PREFIX);

export async function keepFileOnDevice(userId: number, file: File): Promise<string> {
  const random = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
  const key = `${LOCAL_PREFIX}${random}${file.name}`;
  await idbPut('files', key, { userId, file, name: file.name, type: file.type } satisfies LocalFile);
  return key;
}

/** The file kept under a local key, as a File again; null when it is gone. */
export async function localFile(key: string): Promise<File | null> {
  const kept = await idbGet<LocalFile>('files', key);
  return kept ? new File([kept.file], kept.name || displayFileName(key), { type: kept.type }) : null;
}

export const forgetLocalFile = (key: string) => idbDelete('files', key);
