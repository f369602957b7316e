/**
 * Approval turnaround: submission to approval and each step's wait (from the step
 * before it, or from the submission for the first), as whole hours; the database groups them into
 * per-month histograms, so a year of 100,000 requests comes back as a few thousand rows, and the
 * median and 90th percentile are read from those (exact for whole hours). Months are the
 * organisation's (period.ts monthBucket).
 */
import { ROLE_LABELS, type SystemRole } from '@imprest/domain';
import type { Turnaround } from '@imprest/domain/contract';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import { countOf, histogramsBy, percentile } from './percentiles';
import { hoursBetween, monthBucket, type MonthGrid, type Period } from './period';

type Db = Kysely<Database>;

export interface TurnaroundQuery {
  organizationId: number;
  dialect: DialectName;
  months: Period;
  grid: MonthGrid;
}

const rangeOf = (q: TurnaroundQuery) => ({ start: q.grid.starts[0]!.toISOString(), end: q.grid.starts.at(-1)!.toISOString() });

/** Database rows as numbers, each month index as its YYYY-MM. */
const num = <T extends { month: number; hours: number; n: string }>(rows: T[], grid: MonthGrid) =>
  rows.map((r) => ({ ...r, month: grid.labels[Number(r.month)]!, hours: Number(r.hours), n: Number(r.n) }));

function approvals(db: Db, q: TurnaroundQuery) {
  const { start, end } = rangeOf(q);
  const month = monthBucket(q.dialect, sql.ref('approved_at'), q.grid);
  const hours = hoursBetween(q.dialect, sql.ref('created_at'), sql.ref('approved_at'));
  return db
    .selectFrom('requests')
    .select([month.as('month'), hours.as('hours'), sql<string>`count(*)`.as('n')])
    .where('organization_id', '=', q.organizationId)
    .where('approved_at', '>=', start)
    .where('approved_at', '<', end)
    .groupBy([month, hours])
    .execute();
}

/**
 * Each acted step of the range with when its wait started: the latest act on an earlier step of
 * the same version, or the version's submission (a step row is made with it, so its created_at is
 * the submission's, and the requests table is not read). PostgreSQL takes the earlier acts from a
 * window over the chains that had a step acted in the range, read in chain order from the
 * (request_id, position) index. SQLite answers a subquery per step from a covering index (0021) in less
 * than half the time it takes to sort the chains for a window.
 */
function actedSteps(db: Db, q: TurnaroundQuery) {
  const { start, end } = rangeOf(q);
  if (q.dialect === 'postgres') {
    const chains = db
      .selectFrom('reviews')
      .select('request_id')
      .where('organization_id', '=', q.organizationId)
      .where('acted_at', '>=', start)
      .where('acted_at', '<', end);
    return db
      .selectFrom((inner) =>
        inner
          .selectFrom('reviews as r')
          .select([
            'r.acted_at',
            'r.reviewer_role',
            sql`coalesce(max(r.acted_at) over (partition by r.request_id order by r.position rows between unbounded preceding and 1 preceding), r.created_at)`.as(
              'started',
            ),
          ])
          .where('r.request_id', 'in', chains)
          .as('r'),
      )
      .where('r.acted_at', '>=', start)
      .where('r.acted_at', '<', end);
  }
  const earlier = sql`(select max(p.acted_at) from reviews as p where p.request_id = r.request_id and p.position < r.position)`;
  return db.selectFrom((inner) =>
    inner
      .selectFrom('reviews as r')
      .select(['r.acted_at', 'r.reviewer_role', sql`coalesce(${earlier}, r.created_at)`.as('started')])
      .where('r.organization_id', '=', q.organizationId)
      .where('r.acted_at', '>=', start)
      .where('r.acted_at', '<', end)
      .as('r'),
  );
}

function steps(db: Db, q: TurnaroundQuery) {
  const month = monthBucket(q.dialect, sql.ref('r.acted_at'), q.grid);
  const hours = hoursBetween(q.dialect, sql.ref('r.started'), sql.ref('r.acted_at'));
  return actedSteps(db, q)
    .select([month.as('month'), 'r.reviewer_role as role', hours.as('hours'), sql<string>`count(*)`.as('n')])
    .groupBy([month, 'r.reviewer_role', hours])
    .execute();
}

/**
 * The steps on PostgreSQL with JIT off for the one statement: its estimate is under jit_above_cost
 * at 100,000 requests, but grows with the organisation's history, and compiling took 0.7–1.5 s
 * for a statement that runs in 80 ms.
 */
function stepsWithoutJit(db: Db, q: TurnaroundQuery) {
  if (q.dialect !== 'postgres') return steps(db, q);
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return steps(trx, q);
  });
}

function volume(db: Db, q: TurnaroundQuery) {
  const { start, end } = rangeOf(q);
  const month = monthBucket(q.dialect, sql.ref('created_at'), q.grid);
  return db
    .selectFrom('requests')
    .select([month.as('month'), 'purpose', 'current_status as status', sql<string>`count(*)`.as('n')])
    .where('organization_id', '=', q.organizationId)
    .where('is_latest', '=', 1)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy([month, 'purpose', 'current_status'])
    .execute();
}

const byMonthThen = (a: { month: string; label?: string }, b: { month: string; label?: string }) =>
  a.month.localeCompare(b.month) || (a.label ?? '').localeCompare(b.label ?? '');

/**
 * SQLite answers on the event loop, one statement at a time: a year's statement held it ~70–100 ms
 * at 100,000 requests, so there each month is read by a statement of its own with the loop free
 * between them (rows are per month anyway: the answer is the same). PostgreSQL reads the whole
 * range at once, off the loop.
 */
async function perMonth<T extends { month: number }>(q: TurnaroundQuery, read: (month: TurnaroundQuery) => Promise<T[]>): Promise<T[]> {
  if (q.dialect === 'postgres') return read(q);
  const rows: T[] = [];
  for (let i = 0; i < q.grid.labels.length; i += 1) {
    const month = { ...q, grid: { labels: [q.grid.labels[i]!], starts: [q.grid.starts[i]!, q.grid.starts[i + 1]!] } };
    for (const row of await read(month)) rows.push({ ...row, month: i });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return rows;
}

export async function turnaround(db: Db, q: TurnaroundQuery): Promise<Turnaround> {
  // on PostgreSQL three connections of the pool at once
  const [approved, acted, made] = await Promise.all([
    perMonth(q, (month) => approvals(db, month)),
    perMonth(q, (month) => stepsWithoutJit(db, month)),
    perMonth(q, (month) => volume(db, month)),
  ]);
  const approval = [...histogramsBy(num(approved, q.grid), (r) => r.month)].map(([month, h]) => ({
    month,
    count: countOf(h),
    median_hours: percentile(h, 0.5),
    p90_hours: percentile(h, 0.9),
  }));
  const stepTimes = [...histogramsBy(num(acted, q.grid), (r) => `${r.month} ${r.role}`)].map(([key, h]) => {
    const [month, role] = key.split(' ') as [string, SystemRole];
    return {
      month,
      role,
      label: ROLE_LABELS[role] ?? role,
      count: countOf(h),
      median_hours: percentile(h, 0.5),
      p90_hours: percentile(h, 0.9),
    };
  });
  return {
    ...q.months,
    approval: approval.sort(byMonthThen),
    steps: stepTimes.sort(byMonthThen),
    volume: made
      .map((r) => ({ month: q.grid.labels[Number(r.month)]!, purpose: r.purpose, status: r.status, count: Number(r.n) }))
      .sort((a, b) => a.month.localeCompare(b.month) || a.purpose.localeCompare(b.purpose) || a.status.localeCompare(b.status)),
  };
}
