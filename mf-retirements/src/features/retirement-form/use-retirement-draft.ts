import { useEffect, useRef, useState } from 'react';
import { deleteDraft, loadDraft, saveDraft, type DraftForm } from '@imprest/api-client/offline';

export interface RetirementDraftValues {
  amount: string;
  comments: string;
}

interface Fields extends RetirementDraftValues {
  files: string[];
}

const SAVE_DELAY_MS = 400;

/**
 * The owner's retirement, as typed, kept on the device per user and retirement (with the files
 * chosen) across reloads; a draft the outbox brought back carries the server's refusal.
 */
export function useRetirementDraft(userId: number, retirementId: number, fields: Fields, restore: (fields: Fields) => void) {
  const form: DraftForm = `retirement:${retirementId}`;
  const [state, setState] = useState<{ loaded: boolean; restored: boolean; refusal?: string }>({ loaded: false, restored: false });
  const initial = useRef(JSON.stringify(fields));
  const finished = useRef(false);

  useEffect(() => {
    let live = true;
    loadDraft<RetirementDraftValues>(userId, form)
      .then((draft) => {
        if (!live) return;
        if (draft) restore({ ...draft.values, files: draft.fileKeys });
        setState({ loaded: true, restored: !!draft, refusal: draft?.refusal });
      })
      .catch(() => live && setState({ loaded: true, restored: false }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening: later renders must not load the draft over what is being typed
  }, [userId, form]);

  const snapshot = JSON.stringify(fields);
  useEffect(() => {
    if (!state.loaded || finished.current || (snapshot === initial.current && !state.restored)) return;
    const timer = window.setTimeout(() => {
      if (finished.current) return;
      const { files, ...values } = JSON.parse(snapshot) as Fields;
      void saveDraft({ userId, form, values, fileKeys: files, refusal: state.refusal, savedAt: Date.now() }).catch(() => undefined);
    }, SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [snapshot, state, userId, form]);

  return {
    ...state,
    form,
    clear: () => {
      finished.current = true;
      return deleteDraft(userId, form).catch(() => undefined);
    },
  };
}
