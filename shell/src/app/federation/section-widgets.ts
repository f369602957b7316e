import { whenSettled } from '../../features/pwa/when-settled';

/**
 * The shared modules of the sections' widgets (@imprest/mf-config's SECTION_WIDGETS: @imprest/ui/forms,
 * /files and /inputs, named here again because webpack needs each import written out), which the frame and
 * the home do not draw with, loaded once the page has settled (nothing downloaded for a moment: the
 * home's code and reads are in, so these ~20 KB br do not compete with them): a section's page then
 * finds them ready, instead of asking for them only when its own chunk runs (one more round trip on
 * a section's first open). Returns the undo, for the frame's unmount.
 */
export function loadSectionWidgetsLater(): () => void {
  let stopped = false;
  void whenSettled().then(() => {
    if (stopped) return;
    // offline or a failed fetch: the section asks again when it opens
    void import('@imprest/ui/forms').catch(() => {});
    void import('@imprest/ui/files').catch(() => {});
    void import('@imprest/ui/inputs').catch(() => {});
  });
  return () => {
    stopped = true;
  };
}
