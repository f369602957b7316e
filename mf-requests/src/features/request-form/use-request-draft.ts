import { useEffect, useRef, useState } from 'react';
import { deleteDraft, loadDraft, saveDraft, type DraftForm } from '@imprest/api-client/offline';
import type { RequestFormValues } from '@imprest/domain/forms';
import type { RequestForm } from './form-helpers';

const SAVE_DELAY_MS = 400;

/**
 * Keeps what the user typed (and the files chosen) on the device, per user and form, across
 * reloads and restarts: restored once on opening, saved a moment after each change. A draft the
 * outbox brought back after a refusal carries the server's message and its Idempotency-Key.
 */
export function useRequestDraft(
  userId: number,
  draftForm: DraftForm,
  form: RequestForm,
  documents: string[],
  setDocuments: (keys: string[]) => void,
) {
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const [key, setKey] = useState<string | undefined>();
  const initial = useRef({ values: form.values, documents });
  const finished = useRef(false);

  useEffect(() => {
    let live = true;
    loadDraft<RequestFormValues>(userId, draftForm)
      .then((draft) => {
        if (!live || !draft) return;
        void form.setValues({ ...form.values, ...draft.values }, false);
        setDocuments(draft.fileKeys);
        setRefusal(draft.refusal);
        setKey(draft.idempotencyKey);
        setRestored(true);
        if (draft.refusal) void form.setTouched(Object.fromEntries(Object.keys(draft.values as object).map((k) => [k, true])), true);
      })
      .catch(() => undefined) // no IndexedDB (private mode): the form works without drafts
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form opening: later renders must not load the draft over what is being typed
  }, [userId, draftForm]);

  const values = form.values;
  useEffect(() => {
    if (!loaded || finished.current) return;
    const untouched =
      JSON.stringify(values) === JSON.stringify(initial.current.values) && documents.join() === initial.current.documents.join();
    if (untouched && !restored) return;
    const timer = window.setTimeout(() => {
      if (finished.current) return;
      void saveDraft({ userId, form: draftForm, values, fileKeys: documents, refusal, idempotencyKey: key, savedAt: Date.now() }).catch(
        () => undefined,
      );
    }, SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loaded, restored, values, documents, userId, draftForm, refusal, key]);

  return {
    restored,
    refusal,
    /** The key the draft was queued with, to send again unchanged. */
    idempotencyKey: key,
    /** Sent or queued: the draft is done with. */
    clear: () => {
      finished.current = true;
      return deleteDraft(userId, draftForm).catch(() => undefined);
    },
    loaded,
  };
}
