import { useEffect, useRef, type SyntheticEvent } from 'react';

/**
 * Opens and closes a native <dialog> as a modal with `open`; Escape asks `onClose` instead of
 * closing it behind React's back. Give the dialog `ref` and `onCancel`.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);
  const onCancel = (e: SyntheticEvent) => {
    e.preventDefault();
    onClose();
  };
  return { ref, onCancel };
}
