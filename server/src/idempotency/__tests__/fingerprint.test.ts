import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { budgetBody } from '../../test-support/budget';
import { jsonCaller, signIn } from '../../test-support/http';
import { requestBody } from '../../test-support/requests';
import { rowCounts } from '../../test-support/users';
import { KEY_LIFETIME_MS, KEY_USED_WITH_OTHER_BODY } from '..';

const CHANGED_BODY = { error: KEY_USED_WITH_OTHER_BODY, code: 'IDEMPOTENCY_KEY_REUSED' };

/** IETF draft-ietf-httpapi-idempotency-key-header: a key is bound to its body, and keys expire. */
describe.each(DIALECTS)('Idempotency-Key fingerprints and expiry (%s)', (dialect) => {
  let t: TestApp;
  let director: ReturnType<typeof jsonCaller>;
  let staff: ReturnType<typeof jsonCaller>;
  const counts = () => rowCounts(t.app, ['budget_codes', 'requests', 'reviews', 'outbox', 'audit_log', 'idempotency_keys']);
  const keyRows = (key: string) => t.app.db.selectFrom('idempotency_keys').select(['key', 'created_at']).where('key', '=', key).execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  // Fresh sessions for each test: the clock moves past a session's lifetime below.
  beforeEach(async () => {
    director = jsonCaller(t.app, (await signIn(t.app, 'director@example.org')).token);
    staff = jsonCaller(t.app, (await signIn(t.app, 'staff@example.org')).token);
  });
  afterAll(() => t.close());

  it('answers 422 to a key reused with another body, on every create route, and creates nothing', async () => {
    const cases: Array<[string, unknown, unknown, ReturnType<typeof jsonCaller>]> = [
      ['budget', budgetBody({ code: 6110 }), budgetBody({ code: 6111 }), director],
      ['requests', requestBody(), requestBody({ purpose: requestBody().purpose, name_of_establishment: 'Another supplier' }), staff],
      [
        'users',
        [
          {
            fullname: 'Asha Said',
            department: 'finance',
            phone_number: '0712000111',
            email: 'asha@example.org',
            role: 'staff',
            system_role: 'staff',
          },
        ],
        [
          {
            fullname: 'Asha Said',
            department: 'finance',
            phone_number: '0712000111',
            email: 'other@example.org',
            role: 'staff',
            system_role: 'staff',
          },
        ],
        director,
      ],
    ];
    for (const [url, first, changed, caller] of cases) {
      const headers = { 'idempotency-key': `changed-${url}` };
      expect((await caller('POST', url, first, headers)).statusCode).toBe(201);
      const before = await counts();
      const refused = await caller('POST', url, changed, headers);
      expect({ url, status: refused.statusCode, body: refused.json() }).toEqual({ url, status: 422, body: CHANGED_BODY });
      expect(await counts()).toEqual(before);
    }
  });

  it('replays the same body, whatever the order of its keys', async () => {
    const body = budgetBody({ code: 6112 });
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const first = await director('POST', 'budget', body, { 'idempotency-key': 'same-body' });
    const before = await counts();
    const retry = await director('POST', 'budget', reordered, { 'idempotency-key': 'same-body' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);
  });

  it('forgets a key after its lifetime: the same key is then a new call', async () => {
    const first = await director('POST', 'budget', budgetBody({ code: 6113 }), { 'idempotency-key': 'expiring' });
    expect(first.statusCode).toBe(201);
    t.clock.advance(KEY_LIFETIME_MS - 60_000);
    director = jsonCaller(t.app, (await signIn(t.app, 'director@example.org')).token);
    expect((await director('POST', 'budget', budgetBody({ code: 6114 }), { 'idempotency-key': 'expiring' })).statusCode).toBe(422);

    t.clock.advance(2 * 60_000);
    director = jsonCaller(t.app, (await signIn(t.app, 'director@example.org')).token);
    const later = await director('POST', 'budget', budgetBody({ code: 6114 }), { 'idempotency-key': 'expiring' });
    expect(later.statusCode).toBe(201);
    expect(later.json().data.code).toBe(6114);
    expect(later.json().data.id).not.toBe(first.json().data.id);
    // The key now holds the new answer and replays it.
    const replay = await director('POST', 'budget', budgetBody({ code: 6114 }), { 'idempotency-key': 'expiring' });
    expect(replay.json()).toEqual(later.json());
  });

  it('purges expired keys of every user after a keyed call', async () => {
    await staff('POST', 'requests', requestBody(), { 'idempotency-key': 'old-staff-key' });
    expect(await keyRows('old-staff-key')).toHaveLength(1);
    t.clock.advance(KEY_LIFETIME_MS + 1000);
    director = jsonCaller(t.app, (await signIn(t.app, 'director@example.org')).token);
    await director('POST', 'budget', budgetBody({ code: 6115 }), { 'idempotency-key': 'fresh-key' });
    expect(await keyRows('old-staff-key')).toHaveLength(0);
    expect(await keyRows('fresh-key')).toHaveLength(1);
  });
});
