import { afterFirstReads } from '../../features/session/after-first-reads';

/**
 * The shared modules of the sections' widgets (@imprest/ui/forms and /files), which the frame and
 * the home do not draw with, loaded once the page's first reads have answered: a section's page then
 * finds them ready, instead of asking for them only when its own chunk runs (one more round trip and
 * ~20 KB br on a section's first open). Returns the undo, for the frame's unmount.
 */
export function loadSectionWidgetsLater(): () => void {
  const stopped = new AbortController();
  void afterFirstReads(stopped.signal).then(() => {
    if (stopped.signal.aborted) return;
    // offline or a failed fetch: the section asks again when it opens
    void import('@imprest/ui/forms').catch(() => {});
    void import('@imprest/ui/files').catch(() => {});
  });
  return () => stopped.abort();
}
