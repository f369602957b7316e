/** Each remote chunk the shell ran ahead, by address: settles once it has run, or failed (then forgotten). */
const ranChunks = new Map<string, Promise<void>>();

/**
 * Runs one of a remote's chunks as soon as it arrives, where a preload would only fetch it: a chunk
 * only hands its modules to the remote's runtime (which takes chunks that ran before it did), so a
 * lazy page is already there when its section first renders and shows in that same render. Found
 * missing, the page would show its Suspense fallback, and React holds a fallback shown for 300 ms
 * before revealing what arrived meanwhile: a retirement's page chunk lands ~30 ms after its App's
 * over HTTP/2, which cost those 300 ms. A chunk that fails is taken out again, so webpack asks for it
 * afresh rather than waiting on the failed element.
 */
export function runChunk(href: string): Promise<void> {
  let ran = ranChunks.get(href);
  if (!ran) {
    ran = new Promise<void>((resolve) => {
      const script = document.createElement('script');
      script.src = href;
      script.async = true;
      // as a preload would be: an async script is asked for at low priority, and over HTTP/1.1 the
      // page's reads then take the six connections first, though the page shows only once both are in
      script.fetchPriority = 'high';
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        script.remove();
        ranChunks.delete(href);
        resolve();
      });
      document.head.appendChild(script);
    });
    ranChunks.set(href, ran);
  }
  return ran;
}
