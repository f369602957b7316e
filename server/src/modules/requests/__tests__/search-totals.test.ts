import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { sqlitePlansOf } from '../../../test-support/query-plans';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { createDatabase, type DatabaseHandle } from '../../../db/database';
import { act, reviewer, submitted, type Reviewer } from '../../../test-support/delegations';
import { lend } from '../../../test-support/review-queue';
import { requestsStamp, SearchTotals, type TotalQuestion } from '../search-totals';
import { listRequests, NEWEST_WALKED, type RequestListFilter } from '../list-repository';
import { requestScopeFor } from '@imprest/domain';

type Listed = { requests: Array<{ id: number }>; total: number };

/**
 * A search's total is kept under the organisation's requests stamp, which the database moves with
 * every write to what the count reads (migration 0040): reused while the stamp stands, counted
 * again at once after any such write, from any path or server instance, and never shared between
 * people who see different requests.
 */
describe.each(DIALECTS)('search totals kept under the requests stamp (%s)', (dialect) => {
  let t: TestApp;
  let staff: Reviewer, staff2: Reviewer, finance: Reviewer, manager: Reviewer;
  let org: number;

  const listed = async (who: Reviewer, role: string, query: string) => {
    const answer = await who.requests.list(role, who.id, `${query}&per_page=50`);
    expect(answer.statusCode).toBe(200);
    return answer.json() as Listed;
  };
  const totalOf = async (who: Reviewer, role: string, query: string) => (await listed(who, role, query)).total;
  const financeTotal = (query: string) => totalOf(finance, 'finance_officer', query);
  const stamp = () => requestsStamp(t.app.db, org);

  /** A copy of a request written straight to the table (no API): a write path the server never sees. */
  async function copyOf(id: number, db = t.app.db, name = 'Serena Hotel') {
    const row = await db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { id: _id, ...values } = row;
    const made = await db
      .insertInto('requests')
      .values({ ...values, approval_number: null, name_of_establishment: name } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('requests').set({ root_request_id: made.id }).where('id', '=', made.id).execute();
    return made.id;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [staff, staff2, finance, manager] = await Promise.all(
      ['staff', 'staff2', 'finance_officer', 'stem_park_manager'].map((r) => reviewer(t.app, `${r}@example.org`)),
    );
    org = (await t.app.db.selectFrom('users').select('organization_id').where('id', '=', staff.id).executeTakeFirstOrThrow())
      .organization_id;
    for (const owner of [staff, staff, staff2]) await submitted(owner, { name_of_establishment: 'Serena Hotel' });
    await submitted(staff, { name_of_establishment: 'Kariakoo Hardware' });
  });
  afterAll(() => t.close());

  it('reuses a total while nothing it counts changes; the page is still read', async () => {
    expect(await financeTotal('search=serena')).toBe(3);
    const before = await stamp();
    // a matching request written, then the stamp put back as if the write had not moved it
    const hidden = await copyOf((await listed(finance, 'finance_officer', 'search=serena')).requests[0]!.id);
    expect(await stamp()).toBeGreaterThan(before);
    await t.app.db.updateTable('requests_stamps').set({ stamp: before.toString() }).where('organization_id', '=', org).execute();
    const kept = await listed(finance, 'finance_officer', 'search=serena');
    expect([kept.total, kept.requests.length]).toEqual([3, 4]);
    // any write moves the stamp: the next answer counts again
    await t.app.db.updateTable('requests').set({ purpose: 'travel' }).where('id', '=', hidden).execute();
    expect(await financeTotal('search=serena')).toBe(4);
    await t.app.db.deleteFrom('requests').where('id', '=', hidden).execute();
    expect(await financeTotal('search=serena')).toBe(3);
  });

  it('gives the new exact total at once after a new request, a status move, an edit, a deletion and a code change', async () => {
    expect(await financeTotal('search=serena')).toBe(3);
    const added = await submitted(staff2, { name_of_establishment: 'Serena Hotel' });
    expect(await financeTotal('search=serena')).toBe(4);

    // a status move (the finance officer's step approved: pending → on_progress)
    const pending = await financeTotal('search=serena&status=pending');
    const moving = await financeTotal('search=serena&status=on_progress');
    expect((await act(finance, added)).statusCode).toBe(200);
    expect(await financeTotal('search=serena&status=pending')).toBe(pending - 1);
    expect(await financeTotal('search=serena&status=on_progress')).toBe(moving + 1);

    // the searched text edited, straight in the table
    await t.app.db.updateTable('requests').set({ name_of_establishment: 'Moshi Lodge' }).where('id', '=', added.id).execute();
    expect(await financeTotal('search=serena')).toBe(3);
    expect(await financeTotal('search=moshi')).toBe(1);

    // a request deleted (a copy without steps: a submitted one's are referenced)
    const copy = await copyOf(added.id, t.app.db, 'Moshi Lodge');
    expect(await financeTotal('search=moshi')).toBe(2);
    await t.app.db.deleteFrom('requests').where('id', '=', copy).execute();
    expect(await financeTotal('search=moshi')).toBe(1);
    await t.app.db.updateTable('requests').set({ name_of_establishment: 'Serena Hotel' }).where('id', '=', added.id).execute();

    // the budget code's number changed: a search by code counts on the new one
    const all = await financeTotal('search=6101');
    expect(all).toBeGreaterThan(3);
    await t.app.db.updateTable('budget_codes').set({ code: 6199 }).where('organization_id', '=', org).where('code', '=', 6101).execute();
    expect([await financeTotal('search=6101'), await financeTotal('search=6199')]).toEqual([0, all]);
    await t.app.db.updateTable('budget_codes').set({ code: 6101 }).where('organization_id', '=', org).where('code', '=', 6199).execute();
    expect(await financeTotal('search=6101')).toBe(all);
  });

  it('follows the scope: a delegation lends a role, a chain gains one', async () => {
    const managerTotal = () => totalOf(manager, 'stem_park_manager', 'search=serena');
    expect(await managerTotal()).toBe(0);
    // lent the secretary's role (in every default chain), the manager sees what it reviews, at once
    const delegation = await lend(t.app, 'executive_secretary@example.org', manager.id);
    expect(await managerTotal()).toBe(4);
    expect((await (await reviewer(t.app, 'executive_secretary@example.org')).end(delegation)).statusCode).toBe(200);
    expect(await managerTotal()).toBe(0);

    // one request's step given to the manager's role: its chain now holds it
    const [first] = (await listed(finance, 'finance_officer', 'search=serena')).requests;
    const step = await t.app.db
      .selectFrom('reviews')
      .select('id')
      .where('request_id', '=', first!.id)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    const before = await stamp();
    await t.app.db.updateTable('reviews').set({ reminded_at: new Date().toISOString() }).where('id', '=', step.id).execute();
    expect(await stamp()).toBe(before); // a reminder counts nothing: the totals stay
    await t.app.db.updateTable('reviews').set({ reviewer_role: 'stem_park_manager' }).where('id', '=', step.id).execute();
    expect(await managerTotal()).toBe(1);
  });

  it('never shares a total between people who see different requests', async () => {
    await submitted(staff, { name_of_establishment: 'Zanzibar Lodge' });
    await submitted(staff, { name_of_establishment: 'Zanzibar Lodge' });
    await submitted(staff2, { name_of_establishment: 'Zanzibar Lodge' });
    const asked: Array<[Reviewer, string, number]> = [
      [staff, 'user', 2],
      [staff2, 'user', 1],
      [finance, 'finance_officer', 3],
      [manager, 'stem_park_manager', 0],
      [staff2, 'user', 1],
      [staff, 'user', 2],
    ];
    for (const [who, role, total] of asked)
      expect([who.id, role, await totalOf(who, role, 'search=zanzibar')]).toEqual([who.id, role, total]);
  });

  it("reads a kept total's page from the newest requests only when they hold it, else as before", async () => {
    const viewer = await t.app.db.selectFrom('users').selectAll().where('id', '=', finance.id).executeTakeFirstOrThrow();
    const filter = (search: string, reuseTotal: boolean): RequestListFilter => ({
      viewer,
      organizationId: org,
      viewerId: viewer.id,
      scope: requestScopeFor(viewer, 'finance_officer')!,
      search,
      dialect,
      reuseTotal,
    });
    const [serena] = (await listed(finance, 'finance_officer', 'search=serena')).requests;
    // newer than every Serena request, more than the newest walked: every other one a Dodoma (1,025, enough to walk for), five Moshi
    const copies = NEWEST_WALKED + 50;
    const row = await t.app.db.selectFrom('requests').selectAll().where('id', '=', serena!.id).executeTakeFirstOrThrow();
    const columns = Object.keys(row).filter((c) => c !== 'id');
    const later = (i: string) =>
      dialect === 'sqlite' ? `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || ${i} || ' seconds')` : `now() + ${i} * interval '1 second'`;
    const value = (c: string) =>
      c === 'approval_number'
        ? 'null'
        : c === 'name_of_establishment'
          ? `case when n.i % 500 = 1 then 'Moshi Lodge' when n.i % 2 = 0 then 'Dodoma Stores' else 'Arusha Depot' end`
          : c === 'created_at'
            ? later('n.i')
            : `r.${c}`;
    await sql
      .raw(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${copies}) ` +
          `insert into requests (${columns.join(', ')}) select ${columns.map(value).join(', ')} from n cross join requests as r where r.id = ${serena!.id}`,
      )
      .execute(t.app.db);
    for (const [search, offset] of [
      ['serena', 0], // few, and all older than the newest walked: read from the index
      ['moshi', 0], // few: read from the index by id
      ['dodoma', 0],
      ['dodoma', 40],
      ['dodoma', 990], // the newest hold 1,000 of them, the page needs 1,010: read from the index
      ['dodoma', NEWEST_WALKED], // deeper than the walk
      ['dodoma', copies + 10], // past the end
    ] as const) {
      const page = { limit: 20, offset };
      const counted = await listRequests(t.app.db, filter(search, false), page);
      await listRequests(t.app.db, filter(search, true), page); // counts, and keeps the total
      const kept = await listRequests(t.app.db, filter(search, true), page);
      expect({ search, offset, total: kept.total, ids: kept.rows.map((r) => r.id) }).toEqual({
        search,
        offset,
        total: counted.total,
        ids: counted.rows.map((r) => r.id),
      });
    }
    expect((await listRequests(t.app.db, filter('moshi', false), { limit: 20, offset: 0 })).total).toBe(Math.ceil(copies / 500));
    if (dialect === 'sqlite') {
      // counted and kept, then the same page again: the text index read once where the newest hold the page, twice where not
      const ftsReads = async (search: string) => {
        const read = async (db: Kysely<Database>) => {
          for (let i = 0; i < 2; i++) await listRequests(db, filter(search, true), { limit: 20, offset: 0 });
        };
        return (await sqlitePlansOf(t.dataDir, read)).filter((plan) => plan.includes('requests_search VIRTUAL TABLE')).length;
      };
      expect([await ftsReads('dodoma'), await ftsReads('serena')]).toEqual([1, 2]);
    }
    await t.app.db
      .deleteFrom('requests')
      .where('name_of_establishment', 'in', ['Dodoma Stores', 'Moshi Lodge', 'Arusha Depot'])
      .where('approval_number', 'is', null)
      .where('id', '>', serena!.id)
      .execute();
  });

  it('counts again after a write through another server instance', async () => {
    const schema =
      dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.app.db)).rows[0]!.s : undefined;
    const other: DatabaseHandle = createDatabase({
      dataDir: t.dataDir,
      databaseUrl: dialect === 'postgres' ? process.env.TEST_DATABASE_URL! : null,
      pgSchema: schema,
    });
    try {
      const total = await financeTotal('search=zanzibar');
      const [one] = (await listed(finance, 'finance_officer', 'search=zanzibar')).requests;
      const made = await copyOf(one!.id, other.db, 'Zanzibar Lodge');
      expect(await financeTotal('search=zanzibar')).toBe(total + 1);
      await other.db.deleteFrom('requests').where('id', '=', made).execute();
      expect(await financeTotal('search=zanzibar')).toBe(total);
    } finally {
      await other.destroy();
    }
  });
});

describe('the kept totals', () => {
  const question = (search: string, viewerId = 1): TotalQuestion => ({
    organizationId: 1,
    viewerId,
    scope: { kind: 'own' },
    search,
  });

  it('answers only under the stamp a total was counted at, and keeps the newest', () => {
    const totals = new SearchTotals(10, 60_000);
    totals.set(question('hotel'), 5n, 14);
    expect([totals.get(question('hotel'), 5n), totals.get(question('hotel'), 6n), totals.get(question('hotel'), 4n)]).toEqual([
      14,
      undefined,
      undefined,
    ]);
    // a slower count under an older stamp does not replace a newer one
    totals.set(question('hotel'), 7n, 15);
    totals.set(question('hotel'), 6n, 13);
    expect(totals.get(question('hotel'), 7n)).toBe(15);
    // the same words, another viewer of an 'own' scope, another status or the unretired filter: other questions
    expect(totals.get(question('hotel', 2), 7n)).toBeUndefined();
    expect(totals.get({ ...question('hotel'), status: 'approved' }, 7n)).toBeUndefined();
    expect(totals.get({ ...question('hotel'), unretired: true }, 7n)).toBeUndefined();
    expect(totals.get({ ...question('hotel'), scope: { kind: 'own_or_chain', roles: ['director'] } }, 7n)).toBeUndefined();
  });

  it('is bounded by entries (least recently used out first) and by age', () => {
    let now = 0;
    const totals = new SearchTotals(3, 1_000, () => now);
    for (const word of ['a', 'b', 'c']) totals.set(question(word), 1n, 1);
    expect(totals.get(question('a'), 1n)).toBe(1); // used: 'b' is now the least recent
    totals.set(question('d'), 1n, 1);
    expect(totals.size).toBe(3);
    expect(['a', 'b', 'c', 'd'].map((w) => totals.get(question(w), 1n))).toEqual([1, undefined, 1, 1]);
    for (let i = 0; i < 100; i++) totals.set(question(`w${i}`), 1n, i);
    expect(totals.size).toBe(3);
    now = 1_001;
    expect(totals.get(question('w99'), 1n)).toBeUndefined();
    expect(totals.size).toBe(2);
  });
});
