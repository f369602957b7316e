/**
 * A fresh Idempotency-Key for one create (a form instance keeps it, so a double click or a retry
 * creates one record). crypto.randomUUID exists only in secure contexts; an intranet served over
 * plain http still has getRandomValues, from which a version-4 UUID is built the same way.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Options every create call may carry: a retry with the same key creates nothing new. */
export interface CreateOptions {
  idempotencyKey?: string;
}

/** The axios config that sends the key, when there is one. */
export const withKey = (options?: CreateOptions) =>
  options?.idempotencyKey ? { headers: { 'Idempotency-Key': options.idempotencyKey } } : {};
