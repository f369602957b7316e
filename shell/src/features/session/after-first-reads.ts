import { queryClient } from '@imprest/api-client/query';

/** How long the page's reads must have been quiet, and the longest wait for that. */
export const QUIET_MS = 500;
export const LONGEST_WAIT_MS = 10_000;

/**
 * Resolves once the page has loaded and its first reads have answered (no query fetching for
 * QUIET_MS), or after LONGEST_WAIT_MS at most. What is not needed to show the page — socket.io's
 * client, 12 KB — then no longer competes with the page's own code and data on a slow link
 * (it was fetched before the home's content had painted).
 */
export function afterFirstReads(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe = () => {};
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(longest);
      unsubscribe();
      removeEventListener('load', watch);
      resolve();
    };
    const longest = setTimeout(done, LONGEST_WAIT_MS);
    const check = () => {
      clearTimeout(quiet);
      if (queryClient.isFetching() === 0) quiet = setTimeout(done, QUIET_MS);
    };
    function watch() {
      unsubscribe = queryClient.getQueryCache().subscribe(check);
      check();
    }
    signal?.addEventListener('abort', done, { once: true });
    if (document.readyState === 'complete') watch();
    else addEventListener('load', watch, { once: true });
  });
}
