import { requestScopeFor } from '@imprest/domain';
import { sql } from 'kysely';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { requestBody, requestCaller, type RequestCaller } from '../../../test-support/requests';
import { searchPlans } from '../../../test-support/search-plans';
import { listRequests, type RequestListFilter } from '../list-repository';

/** Establishments with the searched text in the middle of words, in several cases, with LIKE's wildcards and quotes. */
const ESTABLISHMENTS = [
  'Kilimanjaro Hotel',
  'HOTEL Africana',
  'Moteli ya Kati',
  'Serena hotels & Lodges',
  '100% Pure_Water',
  'Say "hi" Café',
  'Zanzibar Spice',
];
const TERMS = [
  'hotel',
  'OTEL',
  'otel',
  'tel',
  'ote',
  'manj',
  'jaro hot',
  '100%',
  '%',
  'e_w',
  '0% p',
  '"hi"',
  'café',
  'CAFÉ',
  'ümlaut',
  'ÜMLAUT',
];
// short terms scan (the index needs three characters); the owner's name, the purpose, the code and the approval number are searched too
const MORE_TERMS = ['ia', 'x', 'staff', 'travel', 'avel', '610', '6101', '2026-', 'zzz', ' ', 'ka'];

type Listed = { requests: Array<{ id: number }>; total: number };

describe.each(DIALECTS)('the requests search through its text index (%s)', (dialect) => {
  let t: TestApp;
  const callers: Record<string, RequestCaller> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const name of ['staff', 'staff2', 'finance_officer', 'executive_secretary']) {
      callers[name] = await requestCaller(t.app, `${name}@example.org`);
    }
    for (const [i, name_of_establishment] of ESTABLISHMENTS.entries()) {
      const owner = i % 2 ? callers.staff2 : callers.staff;
      expect((await owner.api.create(requestBody({ name_of_establishment }))).statusCode).toBe(201);
    }
    // written as another service would: the index follows updates of the searched columns
    await t.app.db
      .updateTable('requests')
      .set({ name_of_establishment: 'Café Ümlaut Hotel', approval_number: '2026-00042' })
      .where('name_of_establishment', '=', 'Zanzibar Spice')
      .execute();
  });
  afterAll(() => t.close());

  /** The same list read by the scan alone: the filter without its dialect never reads the index. */
  async function scanned(
    caller: RequestCaller,
    role: string,
    search: string,
    narrowed: Pick<RequestListFilter, 'status' | 'unretired'> = {},
  ) {
    const viewer = await t.app.db.selectFrom('users').selectAll().where('id', '=', caller.id).executeTakeFirstOrThrow();
    const filter: RequestListFilter = {
      viewer,
      organizationId: viewer.organization_id,
      viewerId: viewer.id,
      scope: requestScopeFor(viewer, role)!,
      search,
      ...narrowed,
    };
    const { rows, total } = await listRequests(t.app.db, filter, { limit: 100, offset: 0 });
    return { ids: rows.map((r) => r.id), total };
  }

  it('answers every search exactly as the scan does, for each kind of viewer', async () => {
    const found: Record<string, number> = {};
    for (const [name, role] of [
      ['finance_officer', 'finance_officer'],
      ['staff', 'user'],
      ['staff2', 'user'],
      ['executive_secretary', 'executive_secretary'],
    ]) {
      for (const term of [...TERMS, ...MORE_TERMS]) {
        const response = await callers[name].api.list(role, callers[name].id, `search=${encodeURIComponent(term)}&per_page=100`);
        expect(response.statusCode).toBe(200);
        const listed = response.json() as Listed;
        expect({ term, name, ids: listed.requests.map((r) => r.id), total: listed.total }).toEqual({
          term,
          name,
          ...(await scanned(callers[name], role, term)),
        });
        if (name === 'finance_officer') found[term] = listed.total;
      }
    }
    // what the comparison covered: matches in the middle of words, any case (SQLite's lower() folds ASCII only), wildcards taken literally
    expect(found).toMatchObject({
      hotel: 4,
      OTEL: 5,
      manj: 1,
      '100%': 1,
      '%': 1,
      e_w: 1,
      '"hi"': 1,
      ümlaut: dialect === 'sqlite' ? 0 : 1,
      '2026-': 1,
      zzz: 0,
    });
    expect(found['café']).toBe(2);
  });

  it('narrows a search by status and to the unretired exactly as the scan does', async () => {
    const finance = callers.finance_officer;
    const requests = await t.app.db.selectFrom('requests').select('id').orderBy('id').execute();
    // one approved, unretired request among them
    await t.app.db.updateTable('requests').set({ current_status: 'approved' }).where('id', '=', requests[0]!.id).execute();
    const seen: Record<string, number> = {};
    for (const [query, narrowed] of [
      ['status=approved', { status: 'approved' }],
      ['status=pending', { status: 'pending' }],
      ['unretired=true', { unretired: true }],
    ] as const) {
      for (const term of ['hotel', 'otel', 'kilimanjaro', 'zzz']) {
        const listed = (
          await finance.api.list('finance_officer', finance.id, `search=${encodeURIComponent(term)}&${query}&per_page=100`)
        ).json() as Listed;
        expect({ query, term, ids: listed.requests.map((r) => r.id), total: listed.total }).toEqual({
          query,
          term,
          ...(await scanned(finance, 'finance_officer', term, narrowed)),
        });
        seen[`${query} ${term}`] = listed.total;
      }
    }
    expect(seen).toMatchObject({ 'status=approved kilimanjaro': 1, 'unretired=true kilimanjaro': 1, 'status=pending hotel': 3 });
  });

  it('finds a request by the searched columns as they are now, not as they were', async () => {
    const finance = callers.finance_officer;
    const search = async (term: string) =>
      ((await finance.api.list('finance_officer', finance.id, `search=${encodeURIComponent(term)}`)).json() as Listed).total;
    expect(await search('zanzibar')).toBe(0);
    expect(await search('00042')).toBe(1);
  });

  if (dialect === 'sqlite') {
    it('takes its candidates from the FTS5 trigram table, and scans for a search shorter than three characters', async () => {
      const plans = await searchPlans(t, callers.finance_officer.id);
      const indexed = await plans('hotel');
      // the text index is asked once; the page and the count take the ids it found
      expect(indexed.filter((plan) => plan.includes('requests_search VIRTUAL TABLE'))).toHaveLength(1);
      // the count reads each found by id from requests_search_rows (0038), never the table nor the organisation's latest requests
      expect(indexed).toContainEqual(
        expect.stringMatching(/^SCAN found VIRTUAL TABLE.*\| SEARCH requests USING COVERING INDEX requests_search_rows \(id=\?/),
      );
      // a few found: the page reads them by id (search-count.test.ts has the walk in the list's order for many)
      const page = indexed.find((plan) => plan.includes('LIST SUBQUERY'));
      expect(page).toMatch(/^SEARCH requests USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      const short = await plans('ho');
      expect(short.some((plan) => plan.includes('requests_search VIRTUAL TABLE'))).toBe(false);
    });
  } else {
    it('has a pg_trgm index on each searched column, which the LIKE of the search uses', async () => {
      const { rows: indexes } = await sql<{
        indexname: string;
        indexdef: string;
      }>`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'requests' and indexname like 'requests_search_%'`.execute(
        t.app.db,
      );
      expect(indexes.map((i) => i.indexname).sort()).toEqual(
        ['approval_number', 'name_of_establishment', 'purpose', 'request_owner_name'].map((c) => `requests_search_${c}`),
      );
      for (const index of indexes) expect(index.indexdef).toContain('gin_trgm_ops');
      const plan = await t.app.db.connection().execute(async (db) => {
        await sql`set enable_seqscan = off`.execute(db);
        try {
          return (
            await sql<{
              'QUERY PLAN': string;
            }>`explain select id from requests where lower(name_of_establishment) like ${'%hotel%'}`.execute(db)
          ).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n');
        } finally {
          await sql`reset enable_seqscan`.execute(db);
        }
      });
      expect(plan).toContain('requests_search_name_of_establishment');
    });
  }
});
