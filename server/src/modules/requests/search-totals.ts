import type { RequestScope, RequestStatus } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * A search's total is an exact count of every match (14,069 for "hotel" at 100,000 requests, ~20
 * ms of CPU), which the list shows and its page jump needs. A person paging through a search, or
 * opening it again, asks for the same count while nothing changed: it is kept here, per server
 * process, under the organisation's requests stamp (migration 0040: the database moves it with
 * every write to what the count reads, whichever instance or path writes), and reused only while
 * the stamp read before counting is the one it was counted under.
 */

/** What decides a search's total: who may see which requests, and what is asked. */
export interface TotalQuestion {
  organizationId: number;
  viewerId: number;
  scope: RequestScope;
  /** As the list matches it (trimmed). */
  search: string;
  status?: RequestStatus;
  unretired?: boolean;
}

/** Kept totals per process: enough for many people's open searches; one ten minutes old is counted again whatever the stamp. */
const KEPT_TOTALS = 1_000;
const KEPT_TOTAL_MS = 10 * 60_000;

/**
 * The requests a scope lets the viewer see, as access/requests.ts inScope tests them: the whole
 * organisation for finance (shared by its finance users), else what the viewer owns or the roles
 * of their scope (their own and those delegations lend them now) review. Two keys differ wherever
 * inScope's condition differs.
 */
function scopeKey(scope: RequestScope, viewerId: number): string {
  switch (scope.kind) {
    case 'organisation':
      return 'organisation';
    case 'own':
      return `own ${viewerId}`;
    case 'own_or_chain':
      return `own_or_chain ${viewerId} ${[...new Set(scope.roles)].sort().join(',')}`;
  }
}

function keyOf(question: TotalQuestion): string {
  const { organizationId, viewerId, scope, search, status, unretired } = question;
  return JSON.stringify([organizationId, scopeKey(scope, viewerId), search, status ?? null, unretired === true]);
}

interface Kept {
  stamp: bigint;
  total: number;
  at: number;
}

/** Totals by question, each under the stamp it was counted at; least recently used out first, and none older than `maxAgeMs`. */
export class SearchTotals {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly maxEntries = KEPT_TOTALS,
    private readonly maxAgeMs = KEPT_TOTAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.kept.size;
  }

  /** The total counted under exactly this stamp, if kept and young enough. */
  get(question: TotalQuestion, stamp: bigint): number | undefined {
    const key = keyOf(question);
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    if (this.now() - kept.at > this.maxAgeMs) {
      this.kept.delete(key);
      return undefined;
    }
    if (kept.stamp !== stamp) return undefined;
    this.kept.delete(key); // a Map keeps insertion order: the most recently used last
    this.kept.set(key, kept);
    return kept.total;
  }

  /** Keeps a total counted after `stamp` was read; one counted under a newer stamp stays. */
  set(question: TotalQuestion, stamp: bigint, total: number): void {
    const key = keyOf(question);
    const kept = this.kept.get(key);
    if (kept && kept.stamp > stamp) return;
    this.kept.delete(key);
    this.kept.set(key, { stamp, total, at: this.now() });
    while (this.kept.size > this.maxEntries) this.kept.delete(this.kept.keys().next().value!);
  }
}

/** One per database handle: a test process opens many databases whose organisations share ids. */
const perDatabase = new WeakMap<Kysely<Database>, SearchTotals>();

function totalsOf(db: Kysely<Database>): SearchTotals {
  let totals = perDatabase.get(db);
  if (!totals) perDatabase.set(db, (totals = new SearchTotals()));
  return totals;
}

/** The organisation's requests stamp now (0 before its first write since migration 0040). */
export async function requestsStamp(db: Kysely<Database>, organizationId: number): Promise<bigint> {
  const row = await db.selectFrom('requests_stamps').select('stamp').where('organization_id', '=', organizationId).executeTakeFirst();
  return BigInt(row?.stamp ?? 0);
}

/** A search's kept total, if any; else `keep` keeps the one counted next. */
export interface KeptTotal {
  total?: number;
  keep(total: number): void;
}

/**
 * The total kept for this question under the organisation's stamp now. Read before anything the
 * count depends on (the text index's candidates too): a write committed after it moves the stamp,
 * so what is kept under a stamp is never older than the stamp.
 */
export async function keptTotal(db: Kysely<Database>, question: TotalQuestion): Promise<KeptTotal> {
  const totals = totalsOf(db);
  const stamp = await requestsStamp(db, question.organizationId);
  return { total: totals.get(question, stamp), keep: (total) => totals.set(question, stamp, total) };
}
