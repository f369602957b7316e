import { requestScopeFor } from '@imprest/domain';
import { sql } from 'kysely';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { requestBody, requestCaller, type RequestCaller } from '../../../test-support/requests';
import { searchPlans } from '../../../test-support/search-plans';
import { listRequests, type RequestListFilter } from '../list-repository';
import { COUNT_PIECE_FOUND, COUNT_PIECE_IDS } from '../search-index';

type Listed = { requests: Array<{ id: number }>; total: number };

/** Where the next request's id is made: ids of the second batch start past two pieces of the count. */
async function skipIdsTo(t: TestApp, dialect: string, id: number) {
  if (dialect === 'sqlite') await sql`update sqlite_sequence set seq = ${id - 1} where name = 'requests'`.execute(t.app.db);
  else await sql`select setval(pg_get_serial_sequence('requests', 'id'), ${id - 1})`.execute(t.app.db);
}

/**
 * A search's count on SQLite is read in pieces, the event loop free between them: of what the text
 * index found, or of consecutive ids where no index serves the search. Requests far apart in id,
 * some pieces holding none, are each counted once, as one statement over every request counts them.
 */
describe.each(DIALECTS)('a search counted in pieces of ids (%s)', (dialect) => {
  let t: TestApp;
  let finance: RequestCaller;
  let staff: RequestCaller;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = await requestCaller(t.app, 'finance_officer@example.org');
    staff = await requestCaller(t.app, 'staff@example.org');
    const batches = [
      ['Kilimanjaro Hotel', 'Dar Express', 'Serena HOTEL'],
      ['Motel Tanga', 'Kariakoo Hardware', 'Hotel Africana', 'Hotel Africana'],
    ];
    for (const [i, batch] of batches.entries()) {
      if (i > 0) await skipIdsTo(t, dialect, 2 * COUNT_PIECE_IDS + 7);
      for (const name_of_establishment of batch) {
        expect((await staff.api.create(requestBody({ name_of_establishment }))).statusCode).toBe(201);
      }
    }
  });
  afterAll(() => t.close());

  /** The same total from one statement: the filter without its dialect neither reads the text index nor counts in pieces. */
  async function countedWhole(search: string) {
    const viewer = await t.app.db.selectFrom('users').selectAll().where('id', '=', finance.id).executeTakeFirstOrThrow();
    const filter: RequestListFilter = {
      viewer,
      organizationId: viewer.organization_id,
      viewerId: viewer.id,
      scope: requestScopeFor(viewer, 'finance_officer')!,
      search,
    };
    return (await listRequests(t.app.db, filter, { limit: 1, offset: 0 })).total;
  }

  it('counts every match once across the pieces, indexed or scanned', async () => {
    const ids = (await t.app.db.selectFrom('requests').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids.at(-1)).toBeGreaterThan(2 * COUNT_PIECE_IDS);
    const totals: Record<string, number> = {};
    // indexed ('hotel', 'otel'), with a matched code (every request is on 6101), and shorter than the index takes ('ho')
    for (const term of ['hotel', 'otel', 'africana', 'ho', 'zzz', '6101']) {
      const listed = (
        await finance.api.list('finance_officer', finance.id, `search=${encodeURIComponent(term)}&per_page=2`)
      ).json() as Listed;
      expect({ term, total: listed.total }).toEqual({ term, total: await countedWhole(term) });
      totals[term] = listed.total;
    }
    expect(totals).toMatchObject({ hotel: 4, otel: 5, africana: 2, ho: 4, zzz: 0 });
    expect(totals['6101']).toBe(7);
  });

  (dialect === 'sqlite' ? it : it.skip)(
    'counts by rowid range where no index serves the search, a piece of the found at a time where one does (sqlite plan)',
    async () => {
      const plans = await searchPlans(t, finance.id);
      // no index serves 'ho': three pieces of ids (1…, one empty, 2 × COUNT_PIECE_IDS + 7…), each read by its rowid range
      const scans = (await plans('ho')).filter((plan) => plan.includes('rowid>? AND rowid<?'));
      expect(scans).toHaveLength(3);
      for (const plan of scans) expect(plan).toMatch(/^SEARCH requests USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);

      // many found (copies of one request): the page walks the list's order and stops when full; the count takes them a piece at a time
      const copies = COUNT_PIECE_FOUND + 100;
      const row = await t.app.db
        .selectFrom('requests')
        .selectAll()
        .where('name_of_establishment', '=', 'Hotel Africana')
        .executeTakeFirstOrThrow();
      const columns = Object.keys(row).filter((c) => c !== 'id');
      await sql
        .raw(
          `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${copies}) ` +
            `insert into requests (${columns.join(', ')}) select ${columns.map((c) => (c === 'approval_number' ? 'null' : `r.${c}`)).join(', ')} ` +
            `from n cross join requests as r where r.id = ${row.id}`,
        )
        .execute(t.app.db);
      const many = await plans('africana');
      const walk = many.find((plan) => plan.includes('requests_org_latest'));
      expect(walk).toMatch(/^SEARCH requests USING INDEX requests_org_latest \(organization_id=\? AND is_latest=\?\)/);
      expect(walk).not.toMatch(/TEMP B-TREE/);
      expect(many.filter((plan) => plan.startsWith('SCAN found VIRTUAL TABLE'))).toHaveLength(2);
      const listed = (await finance.api.list('finance_officer', finance.id, 'search=africana')).json() as Listed;
      expect(listed.total).toBe(copies + 2);
      expect(listed.total).toBe(await countedWhole('africana'));
    },
  );
});
