import { useEffect, useRef, useState } from 'react';
// through the package name: the one shared instance of the http client's errors and keys
import { ApiError, newIdempotencyKey } from '@imprest/api-client';
import { deleteDraft, loadDraft, saveDraft, type Draft, type DraftForm } from './drafts';
import { isOnline } from './online';
import { enqueue, uploadBodyFiles, type NewOutboxItem } from './outbox';

const SAVE_DELAY_MS = 400;

type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a form puts in the outbox besides who and which form: its kind, the list's label, the call body (and a resubmission's parent). */
type OutboxEntry = OmitEach<NewOutboxItem, 'userId' | 'form' | 'values' | 'idempotencyKey'>;

/** Sent now (the server's answer), or kept in the outbox to be sent when the connection returns. */
export type SendResult<T> = { sent: T } | { queued: true };

/** No answer at all (no connection, or it dropped): the call may be tried again; anything else is the server's word. */
const isNoAnswer = (error: unknown) => error instanceof ApiError && error.status === 0 && error.code === 'NETWORK';

/**
 * Sends the item's body now (files kept on the device uploaded first, their keys swapped in its
 * documents and in each line's), or puts
 * the item in the outbox when offline or when the call gets no answer: the outbox sends it later
 * with the same Idempotency-Key, so it is still created once. A refusal is thrown for the form to show.
 */
export async function sendOrQueue<Item extends NewOutboxItem, T>(
  item: Item,
  send: (body: Item['body'], idempotencyKey: string) => Promise<T>,
): Promise<SendResult<T>> {
  const queue = async () => {
    await enqueue(item);
    return { queued: true } as const;
  };
  if (!isOnline()) return queue();
  try {
    return { sent: await send(await uploadBodyFiles(item.body), item.idempotencyKey) };
  } catch (error) {
    if (isNoAnswer(error)) return queue();
    throw error;
  }
}

export interface OfflineFormOptions<Values> {
  userId: number;
  form: DraftForm;
  /** The values as typed, kept with the draft and with a queued item (to bring it back for editing). */
  values: Values;
  /** Stored keys and, for files chosen offline, local keys. */
  fileKeys: string[];
  /** Fills the form from the draft kept on the device: once, on opening. */
  restore: (draft: Draft<Values>) => void;
}

interface DraftState {
  loaded: boolean;
  restored: boolean;
  refusal?: string;
  idempotencyKey?: string;
}

/**
 * A form that works offline: what is typed (and the files chosen) is kept on the device per user
 * and form across reloads, restored once on opening and saved a moment after each change; submit
 * sends or queues (sendOrQueue) with one Idempotency-Key for the form — the draft's when it was
 * queued before, so a double click, a retry or the outbox creates one record — and is done with the
 * draft once sent or queued. A draft the outbox brought back after a refusal carries its message.
 */
export function useOfflineForm<Values>({ userId, form, values, fileKeys, restore }: OfflineFormOptions<Values>) {
  const [state, setState] = useState<DraftState>({ loaded: false, restored: false });
  const [formKey] = useState(newIdempotencyKey);
  const snapshot = JSON.stringify({ values, fileKeys });
  const initial = useRef(snapshot);
  const finished = useRef(false);

  useEffect(() => {
    let live = true;
    loadDraft<Values>(userId, form)
      .then((draft) => {
        if (!live) return;
        if (draft) restore(draft);
        setState({ loaded: true, restored: !!draft, refusal: draft?.refusal, idempotencyKey: draft?.idempotencyKey });
      })
      // no IndexedDB (private mode): the form works without drafts
      .catch(() => live && setState({ loaded: true, restored: false }));
    return () => {
      live = false;
    };
    // once per opening (restore left out): later renders must not load the draft over what is being typed
  }, [userId, form]);

  useEffect(() => {
    if (!state.loaded || finished.current || (snapshot === initial.current && !state.restored)) return;
    const timer = setTimeout(() => {
      if (finished.current) return;
      const kept = JSON.parse(snapshot) as { values: Values; fileKeys: string[] };
      const { refusal, idempotencyKey } = state;
      void saveDraft({ userId, form, ...kept, refusal, idempotencyKey, savedAt: Date.now() }).catch(() => undefined);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [snapshot, state, userId, form]);

  const idempotencyKey = state.idempotencyKey ?? formKey;
  /** Sent or queued: the draft is done with. */
  const clear = () => {
    finished.current = true;
    return deleteDraft(userId, form).catch(() => undefined);
  };

  async function submit<Entry extends OutboxEntry, T>(
    entry: Entry,
    send: (body: Entry['body'], idempotencyKey: string) => Promise<T>,
  ): Promise<SendResult<T>> {
    const item = { ...entry, userId, form, values, idempotencyKey } as NewOutboxItem & Entry;
    const result = await sendOrQueue(item, send);
    await clear();
    return result;
  }

  return { loaded: state.loaded, restored: state.restored, refusal: state.refusal, idempotencyKey, submit, clear };
}
