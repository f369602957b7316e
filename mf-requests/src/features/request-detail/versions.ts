import type { RequestDetail, RequestRecord } from '@imprest/domain';

const time = (value: string) => Date.parse(value) || 0;

/** The version with its reviews in chain order, which the review rules and the panels rely on. */
const inChainOrder = (record: RequestRecord): RequestRecord => ({
  ...record,
  reviews: [...record.reviews].sort((a, b) => a.position - b.position),
});

/** Every version of the request, the opened one included, newest first by creation date. */
export function allVersions(detail: RequestDetail): RequestRecord[] {
  const { version_history: history, ...opened } = detail;
  return [opened, ...history].map(inChainOrder).sort((a, b) => time(b.created_at) - time(a.created_at) || b.version - a.version);
}

/** The version a resubmission was made from (N-1), when the list holds it. */
export function previousVersion(versions: readonly RequestRecord[], shown: RequestRecord): RequestRecord | null {
  return versions.find((v) => v.version === shown.version - 1) ?? null;
}
