import type { AxiosResponse } from 'axios';

/**
 * When each answer was produced by the server (its Date header). An answer the service worker
 * serves from its cache offline keeps the Date of the day it was fetched, so a screen can say how
 * old what it shows is. Kept beside the parsed body (and the `data` inside it, which the hooks
 * unwrap), never inside it: the body stays exactly what the server sent.
 */
const fetchedAt = new WeakMap<object, number>();

export function recordFetchedAt(response: AxiosResponse): void {
  const header = response.headers?.date as string | undefined;
  const at = header ? Date.parse(header) : NaN;
  if (Number.isNaN(at)) return;
  const body: unknown = response.data;
  if (!body || typeof body !== 'object') return;
  fetchedAt.set(body, at);
  const inner = (body as { data?: unknown }).data;
  if (inner && typeof inner === 'object') fetchedAt.set(inner, at);
}

/** When the server produced `data`, if it came from a call (else undefined). */
export function fetchedAtOf(data: unknown): number | undefined {
  return data && typeof data === 'object' ? fetchedAt.get(data) : undefined;
}
