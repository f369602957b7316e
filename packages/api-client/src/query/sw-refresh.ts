import { queryClient } from './query-client';

/** What shell/public/sw-api.js posts when a fresh answer differs from the one it gave from its cache. */
export const API_REFRESHED = 'imprest:api-refreshed';

let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * The service worker answers a page's first reads from its cache and refreshes them behind; when
 * an answer changed, the screens read again (from the network this time: a page's later reads go
 * there first). Several answers changing together make one refetch of what is on screen.
 */
export function onServiceWorkerMessage(event: MessageEvent): void {
  if ((event.data as { type?: unknown } | null)?.type !== API_REFRESHED) return;
  clearTimeout(timer);
  timer = setTimeout(() => void queryClient.invalidateQueries({ refetchType: 'active' }), 150);
}

let listening = false;

/** Called once when the data layer loads, before any screen has asked: an early message is not lost. */
export function listenForRefreshes(): void {
  if (listening || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', onServiceWorkerMessage);
}
