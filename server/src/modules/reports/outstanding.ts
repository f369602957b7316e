/**
 * Outstanding advances: approved latest versions whose money no approved retirement has
 * accounted for yet, each with where it stands (packages/domain advance-standing.ts): no retirement
 * yet, the owner's to submit — aged by calendar days past the date it is due (requests.retirement_due,
 * kept from approval on, which a retirement takes as its own due date) — or with the reviewers,
 * counted from its submission and never as the owner's lateness. The ageing and the page are
 * computed in SQL over the partial index of exactly these requests (requests_unretired, 0016), each
 * joined to its retirement by key, so a report over 16,000 advances at 100,000 requests reads those
 * rows and no others.
 */
import {
  RETIREMENT_EARLY_WARNING_DAYS,
  RETIREMENT_GRACE_DAYS,
  addCalendarDays,
  advanceStanding,
  fromMinorUnits,
  optionLabel,
  type Currency,
  type ExchangeRates,
} from '@imprest/domain';
import type { AgeingBucket, AgeingRow, Outstanding, OutstandingRow } from '@imprest/domain/contract';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import { readInIdPieces } from '../../db/id-pieces';
import { readApart } from '../../db/read-apart';
import type { Database } from '../../db/schema';
import { dayAt } from '../../spreadsheet';
import { awaitingSettlement } from './awaiting-settlement';
import { major, tzsCents } from './money';
import { dateLiteral } from './period';

type Db = Kysely<Database>;

export interface OutstandingQuery {
  organizationId: number;
  timeZone: string;
  today: string;
  page: number;
  perPage: number;
  /** Its reads run apart on SQLite, side by side on PostgreSQL (readApart). */
  dialect?: DialectName;
}

/** Literals, not parameters: SQLite picks the partial index by these terms when it prepares the statement. */
const UNRETIRED = sql<boolean>`requests.current_status = 'approved' and requests.is_latest = 1 and requests.retired_amount is null`;

function outstandingRows(db: Db, q: Pick<OutstandingQuery, 'organizationId' | 'today'>) {
  // the domain's lateBucket in SQL, so the totals are one grouped scan: waiting on finance or the
  // reviewers apart; else days past due compared as dates (due after today is not due, due on or
  // after today−14 is 0–14 days, …)
  const due = sql.ref('requests.retirement_due');
  const day = (back: number) => dateLiteral(addCalendarDays(q.today, -back));
  const bucket = sql<AgeingBucket>`case when retirements.id is null then 'not_requested' when retirements.status = 'on_progress' then 'under_review' when ${due} > ${day(0)} then 'not_due' when ${due} >= ${day(RETIREMENT_EARLY_WARNING_DAYS)} then 'days_0_14' when ${due} >= ${day(RETIREMENT_GRACE_DAYS)} then 'days_15_30' else 'over_30' end`;
  const base = db
    .selectFrom('requests')
    .leftJoin('retirements', 'retirements.id', 'requests.current_retirement')
    .where('requests.organization_id', '=', q.organizationId)
    .where(UNRETIRED);
  return { base, bucket };
}

interface Group {
  owner: number;
  name: string;
  department: string;
  bucket: AgeingBucket;
  currency: string;
  n: number;
  cents: number;
}

const emptyRow = (key: string, label: string): AgeingRow => ({
  key,
  label,
  count: 0,
  amount: 0,
  not_due: 0,
  days_0_14: 0,
  days_15_30: 0,
  over_30: 0,
  not_requested: 0,
  under_review: 0,
});

/** Sums the groups per key in TZS cents, then as answers carry money; a group without a rate counts but adds nothing. */
function ageing(groups: readonly Group[], rates: ExchangeRates, keyOf: (g: Group) => [string, string]): AgeingRow[] {
  const rows = new Map<string, AgeingRow>();
  for (const g of groups) {
    const [key, label] = keyOf(g);
    const row = rows.get(key) ?? rows.set(key, emptyRow(key, label)).get(key)!;
    const cents = tzsCents(g.cents, g.currency, rates) ?? 0;
    row.count += g.n;
    row.amount += cents;
    row[g.bucket] += cents;
  }
  const inMajor = (r: AgeingRow): AgeingRow => ({
    ...r,
    amount: fromMinorUnits(r.amount),
    not_due: fromMinorUnits(r.not_due),
    days_0_14: fromMinorUnits(r.days_0_14),
    days_15_30: fromMinorUnits(r.days_15_30),
    over_30: fromMinorUnits(r.over_30),
    not_requested: fromMinorUnits(r.not_requested),
    under_review: fromMinorUnits(r.under_review),
  });
  // the most overdue money first
  return [...rows.values()].sort((a, b) => b.over_30 - a.over_30 || b.amount - a.amount || a.label.localeCompare(b.label)).map(inMajor);
}

/**
 * When a retirement was submitted, as milliseconds since 1970 on PostgreSQL: the driver read a
 * timestamptz through a Date and back to ISO text, and the day was then parsed out of that text
 * again (~8 ms of the download's 18,000 rows); SQLite keeps the ISO text it stores.
 */
const submittedAt = (dialect: DialectName | undefined) =>
  dialect === 'postgres'
    ? sql<number | null>`(extract(epoch from retirements.submitted_at) * 1000)::float8`.as('submitted_at')
    : sql<string | null>`retirements.submitted_at`.as('submitted_at');

/** The advances themselves, the longest overdue first (then by id), as the screen and the download list them. */
function rowsInOrder(db: Db, q: Pick<OutstandingQuery, 'organizationId' | 'today' | 'dialect'>) {
  const { base } = outstandingRows(db, q);
  return base
    .select([
      'requests.id',
      'requests.approval_number',
      'requests.request_owner_name',
      'requests.department',
      'requests.purpose',
      'requests.amount_requested',
      'requests.amount_currency',
      'requests.retirement_due as due_date',
      'retirements.status as retirement_status',
      submittedAt(q.dialect),
    ])
    .orderBy('requests.retirement_due')
    .orderBy('requests.id');
}

type RowsQuery = ReturnType<typeof rowsInOrder>;

/**
 * Each advance's standing on `today`, worked out once per retirement status, due date and day of
 * submission: a few hundred of them among 18,000 advances, whose dates were each checked and
 * counted again (~20 ms of the download at 100,000 requests).
 */
type Standings = Map<string, ReturnType<typeof advanceStanding>>;

type RowsRead = Awaited<ReturnType<RowsQuery['execute']>>;

/** The rows as the answer carries them, each with its standing on `today` (the domain's rule, as the totals' SQL reads it). */
async function answerRows(
  query: RowsQuery,
  q: Pick<OutstandingQuery, 'timeZone' | 'today'>,
  rates: ExchangeRates,
  standings: Standings = new Map(),
): Promise<OutstandingRow[]> {
  return asAnswerRows(await query.execute(), q, rates, standings);
}

function asAnswerRows(
  read: RowsRead,
  q: Pick<OutstandingQuery, 'timeZone' | 'today'>,
  rates: ExchangeRates,
  standings: Standings,
): OutstandingRow[] {
  return read.map((r) => {
    // the day the organisation saw it submitted: at 01:30 in Dar es Salaam, that day, not UTC's
    const submittedOn = r.submitted_at === null ? null : dayAt(r.submitted_at, q.timeZone);
    const key = `${r.retirement_status} ${r.due_date} ${submittedOn}`;
    let standing = standings.get(key);
    if (!standing) {
      standing = advanceStanding({ status: r.retirement_status, due_date: r.due_date!, submitted_on: submittedOn }, q.today);
      standings.set(key, standing);
    }
    const cents = Number(r.amount_requested);
    // every field named, not the standing spread in: one shape for 18,000 rows
    return {
      request_id: r.id,
      approval_number: r.approval_number,
      owner_name: r.request_owner_name,
      department: r.department,
      purpose: r.purpose,
      amount: fromMinorUnits(cents),
      currency: r.amount_currency as Currency,
      amount_tzs: major(tzsCents(cents, r.amount_currency, rates)),
      due_date: r.due_date!,
      submitted_on: standing.stage === 'under_review' ? submittedOn : null,
      stage: standing.stage,
      days_past_due: standing.days_past_due,
      days_with_reviewers: standing.days_with_reviewers,
      bucket: standing.bucket,
    };
  });
}

/** ~3 ms of SQLite and ~5 of working out their standing at a time, then the event loop is free. */
const DOWNLOAD_PIECE_ROWS = 2_000;
/**
 * PostgreSQL's pieces are read in larger statements: the driver parses the rows as they arrive,
 * a socket's read at a time, so the size of a statement holds the loop no longer, and each one
 * cost a round trip and ~1.5 ms of planning; they are still worked out and written
 * DOWNLOAD_PIECE_ROWS at a time.
 */
const POSTGRES_READ_ROWS = 5 * DOWNLOAD_PIECE_ROWS;

/**
 * Every outstanding advance (up to `max`), as the report's rows, a piece at a time: for the
 * download, which needs no totals and keeps no piece once written. In the report's order, each
 * piece starting after the last row of the one before (keyset on the partial index
 * requests_unretired_due), with the loop free between pieces: read at once, 18,000 advances held
 * it ~90 ms. Pieces of ids read first and then looked up had SQLite walk the whole index for each
 * piece (13 ms a piece where this takes 3.4). On PostgreSQL the next piece is asked for as soon as
 * one arrives, and read by the database while this process works that one out and writes it. An
 * advance retired or approved while the pieces are read may or may not appear, but none appears twice.
 */
export async function* outstandingPieces(
  db: Db,
  q: Omit<OutstandingQuery, 'page' | 'perPage'>,
  rates: ExchangeRates,
  max: number,
): AsyncGenerator<OutstandingRow[]> {
  const standings: Standings = new Map();
  const piece = (size: number, after?: RowsRead[number]) => {
    const query = rowsInOrder(db, q).limit(size);
    return (after ? query.where(sql<boolean>`(requests.retirement_due, requests.id) > (${after.due_date}, ${after.id})`) : query).execute();
  };
  const readRows = q.dialect === 'postgres' ? POSTGRES_READ_ROWS : DOWNLOAD_PIECE_ROWS;
  const sizeAfter = (read: number) => Math.min(readRows, max - read);
  let size = sizeAfter(0);
  let next = size > 0 ? piece(size) : undefined;
  for (let read = 0; next;) {
    const rows = await next;
    read += rows.length;
    const more = rows.length === size && read < max;
    const after = rows.at(-1);
    size = sizeAfter(read);
    next = more && q.dialect === 'postgres' ? piece(size, after) : undefined;
    // a failure of the piece read ahead is thrown where it is awaited
    next?.catch(() => {});
    for (let from = 0; from < rows.length; from += DOWNLOAD_PIECE_ROWS) {
      if (from > 0) await nextTurn();
      yield asAnswerRows(rows.slice(from, from + DOWNLOAD_PIECE_ROWS), q, rates, standings);
    }
    if (more && !next) {
      await nextTurn();
      next = piece(size, after);
    }
  }
}

/** Request ids per piece of the ageing's grouped read on SQLite: ~5 ms of the loop at 100,000 requests. */
const AGEING_PIECE_IDS = 25_000;

/**
 * The advances grouped by owner, department, currency and bucket: on SQLite a piece of ids at a
 * time with the loop free between pieces (read whole, 18,007 advances held it ~30 ms, more on a
 * cold page cache), each group's count and sum in its own currency added up across pieces before
 * any conversion, so every total is what one statement gave.
 */
async function ageingGroups(db: Db, q: OutstandingQuery): Promise<Group[]> {
  const { base, bucket } = outstandingRows(db, q);
  const pieces = await readInIdPieces(db, q.dialect, 'requests', AGEING_PIECE_IDS, (ids) => {
    const query = base
      .select([
        'requests.request_owner_id as owner',
        'requests.request_owner_name as name',
        'requests.department',
        'requests.amount_currency as currency',
        bucket.as('bucket'),
        sql<string>`count(*)`.as('n'),
        sql<string>`sum(requests.amount_requested)`.as('cents'),
      ])
      .groupBy(['requests.request_owner_id', 'requests.request_owner_name', 'requests.department', 'requests.amount_currency', bucket]);
    return (ids ? query.where('requests.id', '>=', ids.from).where('requests.id', '<=', ids.to) : query).execute();
  });
  const groups = new Map<string, Group>();
  for (const g of pieces) {
    const key = JSON.stringify([g.owner, g.name, g.department, g.currency, g.bucket]);
    const sum = groups.get(key) ?? groups.set(key, { ...g, n: 0, cents: 0 }).get(key)!;
    sum.n += Number(g.n);
    sum.cents += Number(g.cents);
  }
  return [...groups.values()];
}

export async function outstanding(db: Db, q: OutstandingQuery, rates: ExchangeRates): Promise<Outstanding> {
  // each of the reads is over thousands of rows at 100,000 requests: on SQLite the loop is let go between them
  const [groups, rows, settlement] = await readApart(
    q.dialect,
    () => ageingGroups(db, q),
    () =>
      answerRows(
        rowsInOrder(db, q)
          .limit(q.perPage)
          .offset((q.page - 1) * q.perPage),
        q,
        rates,
      ),
    () => awaitingSettlement(db, q, rates),
  );
  const total = ageing(groups, rates, () => ['total', 'All outstanding'])[0] ?? emptyRow('total', 'All outstanding');
  return {
    as_of: q.today,
    total,
    by_person: ageing(groups, rates, (g) => [String(g.owner), g.name]),
    by_department: ageing(groups, rates, (g) => [g.department, optionLabel(g.department)]),
    rows,
    page: q.page,
    per_page: q.perPage,
    count: total.count,
    awaiting_settlement: settlement,
  };
}
