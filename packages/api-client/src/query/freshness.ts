import { useSyncExternalStore } from 'react';
import { useQueryClient, type FetchStatus, type Query } from '@tanstack/react-query';
import { fetchedAtOf } from '@imprest/api-client';

export interface ScreenFreshness {
  /** When the oldest answer the screen shows was produced by the server; null when it shows none. */
  oldestFetchedAt: number | null;
  /** Some part of the screen has nothing to show and is waiting for a connection. */
  waitingWithoutData: boolean;
}

/**
 * Nothing to show yet, and waiting for the connection to ask (a page opened offline): the shell's
 * offline notice says so, so the screen shows neither a spinner nor an error box of its own.
 */
export function awaitsConnection(query: { data?: unknown; fetchStatus: FetchStatus }): boolean {
  return query.data === undefined && query.fetchStatus === 'paused';
}

const shown = (query: Query) => query.getObserversCount() > 0 && query.observers.some((o) => o.options.enabled !== false);

function measure(queries: Query[]): ScreenFreshness {
  let oldest: number | null = null;
  let waiting = false;
  for (const query of queries) {
    if (!shown(query)) continue;
    const { data, dataUpdatedAt, status } = query.state;
    if (data === undefined) {
      // offlineFirst: a failed first try offline pauses instead of failing; an error counts too
      if (awaitsConnection(query.state) || status === 'error') waiting = true;
      continue;
    }
    const at = fetchedAtOf(data) ?? dataUpdatedAt;
    oldest = oldest === null ? at : Math.min(oldest, at);
  }
  return { oldestFetchedAt: oldest, waitingWithoutData: waiting };
}

/**
 * How fresh the current screen's data is, read from the query cache, so the shell can say
 * "saved at …" or "nothing saved yet" offline without every screen doing it.
 */
export function useScreenFreshness(): ScreenFreshness {
  const cache = useQueryClient().getQueryCache();
  // the snapshot must be stable between changes: a string of the two values
  const key = useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => {
      const { oldestFetchedAt, waitingWithoutData } = measure(cache.getAll());
      return `${oldestFetchedAt ?? ''}|${waitingWithoutData ? 1 : 0}`;
    },
  );
  const [at, waiting] = key.split('|');
  return { oldestFetchedAt: at ? Number(at) : null, waitingWithoutData: waiting === '1' };
}
