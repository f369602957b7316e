import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a connection (navigator.onLine and its online/offline events). It can
 * be true while the server is unreachable; the queue and the screens treat a failed call as
 * offline too, but disable actions only on this signal, so a slow server never locks them.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Calls `listener` each time the connection comes back. */
export function onReconnect(listener: () => void): () => void {
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}
