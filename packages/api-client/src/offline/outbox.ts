import { create } from 'zustand';
import type { RequestInput, RetirementSubmitInput } from '@imprest/domain';
// through the package name: the one shared instance of the http client and the session events
import {
  ApiError,
  createRequest,
  getRetirement,
  hasErrorCode,
  onSessionEnd,
  resubmitRequest,
  submitRetirement,
  uploadFile,
} from '@imprest/api-client';
import { deleteDraft, forgetLocalFile, isLocalKey, localFile, saveDraft, type Draft, type DraftForm } from './drafts';
import { idbAll, idbClearAll, idbDelete, idbPut } from './idb';

type OutboxState = 'waiting' | 'sending' | 'sent' | 'refused';

interface Common {
  id: string;
  userId: number;
  /** What the list calls it: the purpose and amount, or the retirement. */
  label: string;
  form: DraftForm;
  /** The form's values as typed, to bring the draft back for editing or after a refusal. */
  values: unknown;
  idempotencyKey: string;
  state: OutboxState;
  message?: string;
  queuedAt: number;
}

export type OutboxItem =
  (Common & { kind: 'request'; body: RequestInput; parentId?: number }) | (Common & { kind: 'retirement'; body: RetirementSubmitInput });

export type NewOutboxItem = Omit<OutboxItem, 'id' | 'state' | 'queuedAt'>;

export const useOutbox = create<{ items: OutboxItem[] }>()(() => ({ items: [] }));

const save = async (item: OutboxItem) => {
  useOutbox.setState((s) => ({
    items: s.items.some((i) => i.id === item.id) ? s.items.map((i) => (i.id === item.id ? item : i)) : [...s.items, item],
  }));
  await idbPut('outbox', item.id, item);
};

/** The signed-in user's outbox, from the device (after a reload or restart). */
export async function loadOutbox(userId: number): Promise<void> {
  const items = (await idbAll<OutboxItem>('outbox')).filter((i) => i.userId === userId).sort((a, b) => a.queuedAt - b.queuedAt);
  // an item caught 'sending' by a reload goes again: its Idempotency-Key makes that safe
  useOutbox.setState({ items: items.map((i) => (i.state === 'sending' ? { ...i, state: 'waiting' } : i)) });
}

export async function enqueue(item: NewOutboxItem): Promise<OutboxItem> {
  const queued = { ...item, id: item.idempotencyKey, state: 'waiting', queuedAt: Date.now() } as OutboxItem;
  await save(queued);
  return queued;
}

/** Discard (or Edit, which takes it back into its form): gone from the outbox. */
async function removeFromOutbox(id: string): Promise<void> {
  useOutbox.setState((s) => ({ items: s.items.filter((i) => i.id !== id) }));
  await idbDelete('outbox', id);
}

/** Edit: the item becomes its form's draft again, keeping its key, and leaves the outbox. */
export async function takeBackForEditing(item: OutboxItem): Promise<void> {
  // a refused item's draft is already back (with the message): the user may have edited it since
  if (item.state !== 'refused') await saveDraft(draftOf(item, undefined));
  await removeFromOutbox(item.id);
}

const draftOf = (item: OutboxItem, refusal: string | undefined): Draft => ({
  userId: item.userId,
  form: item.form,
  values: item.values,
  fileKeys: item.body.file_paths ?? [],
  refusal,
  idempotencyKey: item.idempotencyKey,
  savedAt: Date.now(),
});

/** Uploads the files kept on the device and swaps their keys; saved at once, so a retry does not upload twice. */
async function uploadLocalFiles(keys: string[]): Promise<string[]> {
  const uploaded: string[] = [];
  for (const key of keys) {
    if (!isLocalKey(key)) {
      uploaded.push(key);
      continue;
    }
    const file = await localFile(key);
    if (!file) throw new ApiError(`The file ${key.slice(7)} is no longer on this device. Choose it again.`, 400, 'FILE_GONE');
    uploaded.push(await uploadFile(file));
  }
  return uploaded;
}

type WithFiles = { file_paths: string[]; lines?: { file_paths: string[] }[] };

/** Every key a body names: its documents and each line's. */
const keysOf = (body: WithFiles) => [...(body.file_paths ?? []), ...(body.lines ?? []).flatMap((line) => line.file_paths)];

/** The body with the files kept on the device uploaded and their keys swapped, in its documents and in each line's. */
export async function uploadBodyFiles<Body extends WithFiles>(body: Body): Promise<Body> {
  const file_paths = await uploadLocalFiles(body.file_paths ?? []);
  if (!body.lines) return { ...body, file_paths };
  const lines = [];
  for (const line of body.lines) lines.push({ ...line, file_paths: await uploadLocalFiles(line.file_paths) });
  return { ...body, file_paths, lines };
}

async function send(item: OutboxItem): Promise<void> {
  const local = keysOf(item.body).filter(isLocalKey);
  if (local.length > 0) {
    // saved at once with the stored keys, so a retry does not upload twice
    item = { ...item, body: await uploadBodyFiles(item.body) } as OutboxItem;
    await save(item);
    await Promise.all(local.map(forgetLocalFile));
  }
  if (item.kind === 'request') {
    const options = { idempotencyKey: item.idempotencyKey };
    await (item.parentId ? resubmitRequest({ ...item.body, parent_request: item.parentId }, options) : createRequest(item.body, options));
    return;
  }
  try {
    await submitRetirement(item.body);
  } catch (error) {
    // a submission has no key of its own: a first try whose answer was lost left the retirement
    // submitted with these values, which the server now refuses as not pending — that was ours
    if (!hasErrorCode(error, 'RETIREMENT_NOT_PENDING')) throw error;
    const now = (await getRetirement(item.body.id)).data;
    if (now.status === 'pending' || now.amount_spent !== item.body.amount_spent) throw error;
  }
}

/** A refusal is the server's word on the values; no answer (or a server fault) is tried again later. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 401 &&
  error.status !== 408 &&
  error.status !== 429;

let running: Promise<number> | null = null;
let askedAgain = false;

/**
 * Sends every waiting item, oldest first, one at a time and once per page at a time (tabs share
 * the device's outbox, so a Web Lock keeps two tabs from sending the same item together).
 * Asked again while running (the connection came back during a try that failed), it runs once
 * more afterwards. Resolves with how many were sent.
 */
export function processOutbox(): Promise<number> {
  if (running) {
    askedAgain = true;
    return running;
  }
  const run = async () => {
    let sent = 0;
    do {
      askedAgain = false;
      sent += await withLock(sendWaiting);
    } while (askedAgain);
    return sent;
  };
  running = run().finally(() => (running = null));
  return running;
}

function withLock(work: () => Promise<number>): Promise<number> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('imprest-outbox', () => work()).then((n) => n) : work();
}

async function sendWaiting(): Promise<number> {
  let sent = 0;
  const current = (id: string) => useOutbox.getState().items.find((i) => i.id === id);
  for (const { id } of useOutbox.getState().items) {
    const item = current(id);
    if (!item || item.state !== 'waiting') continue;
    await save({ ...item, state: 'sending', message: undefined });
    try {
      await send(current(id) ?? item);
      await save({ ...(current(id) ?? item), state: 'sent', message: undefined });
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const latest = current(id) ?? item;
      if (isRefusal(error)) {
        // the draft comes back with the server's message, ready to correct; the list says why
        await saveDraft(draftOf(latest, message));
        await save({ ...latest, state: 'refused', message });
      } else {
        await save({ ...latest, state: 'waiting', message });
        break; // no connection: the rest waits for the next try
      }
    }
  }
  return sent;
}

/** Discard: a refused item's draft goes with it, and so do files kept only for it. */
export async function discardOutboxItem(item: OutboxItem): Promise<void> {
  await removeFromOutbox(item.id);
  if (item.state === 'refused') await deleteDraft(item.userId, item.form);
  else await Promise.all(keysOf(item.body).filter(isLocalKey).map(forgetLocalFile));
}

// Logout (or a session the server ended): the next person on this device sees none of it
onSessionEnd(() => {
  useOutbox.setState({ items: [] });
  void idbClearAll().catch(() => undefined);
});
