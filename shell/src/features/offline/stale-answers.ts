import { useSyncExternalStore } from 'react';

/** What shell/public/sw-api.js posts around an answer it gave from its cache before the network's. */
export const API_STALE = 'imprest:api-stale';
export const API_FRESH = 'imprest:api-fresh';
/** A refresh not heard of by then (a worker stopped mid-way) no longer marks the screen. */
const FORGET_MS = 60_000;

const pending = new Map<string, number>(); // URL → refreshes under way
const listeners = new Set<() => void>();
let listening = false;

function change(url: string, by: 1 | -1): void {
  const count = (pending.get(url) ?? 0) + by;
  if (count > 0) pending.set(url, count);
  else pending.delete(url);
  for (const listener of listeners) listener();
}

/** Counts the kept answers on screen whose refresh has not landed yet. */
export function onWorkerMessage(event: MessageEvent): void {
  const data = event.data as { type?: unknown; url?: unknown } | null;
  if (!data || typeof data.url !== 'string') return;
  const { url } = data;
  if (data.type === API_STALE) {
    change(url, 1);
    setTimeout(() => pending.has(url) && change(url, -1), FORGET_MS);
  } else if (data.type === API_FRESH && pending.has(url)) change(url, -1);
}

/** Listening from when the header's code loads, before a section's first reads. */
function listenForStaleAnswers(): void {
  if (listening || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', onWorkerMessage);
}
listenForStaleAnswers();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while the screen shows an answer this device kept and the server's is still on its way. */
export function useShowingKeptAnswers(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending.size > 0,
    () => false,
  );
}
