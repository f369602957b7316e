/**
 * What a request's fields may hold: the purposes of expenditure and the modes each offers, and the
 * longest texts and lists. The contract's schemas and the request rules both read these, so this
 * module imports neither.
 */
/** Purposes of expenditure and the modes each offers (docs/records.md "Request categories"). */
export const REQUEST_PURPOSES = {
  travel: ['publicTransport', 'companyTransport', 'selfDrive', 'airTransport'],
  accomodation: ['hotel', 'hostel', 'camp', 'other'],
  meals: ['catering', 'grocery', 'other'],
  pettyCash: ['other'],
  kits: ['product', 'support', 'other'],
  risingSteamStars: ['other'],
  stemPark: ['hq', 'stemPark', 'darStemPark', 'other'],
  procurement: ['goods', 'services'],
  other: ['other'],
  mastercard: ['mastercard', 'other'],
} as const satisfies Record<string, readonly string[]>;
export type RequestPurpose = keyof typeof REQUEST_PURPOSES;

export function isRequestPurpose(value: unknown): value is RequestPurpose {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(REQUEST_PURPOSES, value);
}

export function isModeOf(purpose: RequestPurpose, mode: unknown): boolean {
  return typeof mode === 'string' && (REQUEST_PURPOSES[purpose] as readonly string[]).includes(mode);
}

/** Longest supplier name and justification a request may carry. */
export const REQUEST_SUPPLIER_MAX = 200;
export const REQUEST_JUSTIFICATION_MAX = 2000;
/** Supporting documents on one request, and the longest review comment. */
export const REQUEST_FILES_MAX = 20;
export const REVIEW_COMMENTS_MAX = 2000;
