import { BULK_USERS_MAX } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';
import { rowCounts, userIdOf } from '../../../test-support/users';

const BIG = 'x'.repeat(50 * 1024);
const json = { 'content-type': 'application/json' };

const row = (n = 1) => ({
  fullname: `Person ${n}`,
  department: 'finance',
  phone_number: '0712345678',
  email: `person${n}@example.org`,
  role: 'staff',
  system_role: 'staff',
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Case = [string, Method, string, unknown];

/** Each call with shapes the schema refuses before any rule runs. */
function cases(staffId: number): Case[] {
  const post = (name: string, payload: unknown): Case => [`POST users: ${name}`, 'POST', 'users', payload];
  const put = (name: string, payload: unknown): Case => [`PUT users: ${name}`, 'PUT', 'users', payload];
  const restrict = (name: string, payload: unknown): Case => [`POST users/restrict: ${name}`, 'POST', 'users/restrict', payload];
  const get = (name: string, url: string): Case => [`GET ${name}`, 'GET', url, undefined];
  const { email: _email, ...noEmail } = row();
  return [
    post('an object instead of an array', row()),
    post('an empty array', []),
    post(
      `${BULK_USERS_MAX + 1} rows`,
      Array.from({ length: BULK_USERS_MAX + 1 }, (_, i) => row(i)),
    ),
    post('a missing field', [noEmail]),
    post('a number for a name', [{ ...row(), fullname: 42 }]),
    post('null for a phone', [{ ...row(), phone_number: null }]),
    post('a 50 KB name', [{ ...row(), fullname: BIG }]),
    post('a 50 KB e-mail', [{ ...row(), email: `${BIG}@example.org` }]),
    post('a 50 KB password', [{ ...row(), password: BIG }]),
    post('an extra property', [{ ...row(), is_admin: true }]),
    post('a string', 'users'),
    put('no user_id', { phone_number: '0712345678' }),
    put('a text user_id', { user_id: String(staffId) }),
    put('user_id 0', { user_id: 0 }),
    put('a number for an e-mail', { user_id: staffId, email: 12 }),
    put('a 50 KB department', { user_id: staffId, department: BIG }),
    put('an extra property', { user_id: staffId, is_admin: true }),
    put('an array', [{ user_id: staffId }]),
    restrict('no lock_status', { user_id: staffId }),
    restrict('a text lock_status', { user_id: staffId, lock_status: 'true' }),
    restrict('a number lock_status', { user_id: staffId, lock_status: 1 }),
    restrict('a missing user_id', { lock_status: true }),
    restrict('an extra property', { user_id: staffId, lock_status: true, lock_reason: 'overdue' }),
    get('users/{id} with a word', 'users/abc'),
    get('users/{id} with 0', 'users/0'),
    get('users/{id} with a fraction', 'users/1.5'),
    get('list with page 0', 'users/department/all/director?page=0'),
    get('list with per_page 101', 'users/department/all/director?per_page=101'),
    get('list with a text page', 'users/department/all/director?page=first'),
    get('list with a 101-character search', `users/department/all/director?search=${'s'.repeat(101)}`),
    get('list with an unknown query parameter', 'users/department/all/director?sort=email'),
    get('list with an unknown department', 'users/department/sales/director'),
    get('list with a long department', `users/department/${'d'.repeat(101)}/director`),
    get('list with an unknown role', 'users/department/all/emperor'),
    get('list with broken percent-encoding', 'users/department/%E0%A4%A/director'),
    ['DELETE users/{userId} with a word', 'DELETE', 'users/abc', undefined],
    ['DELETE users/{userId} with -1', 'DELETE', 'users/-1', undefined],
  ];
}

/** Values of the right type and size that no rule accepts. */
const BAD_VALUES: Array<[string, object]> = [
  ['an unknown department', { department: 'sales' }],
  ["the department 'all'", { department: 'all' }],
  ['an unknown position', { role: 'boss' }],
  ['an unknown system role', { system_role: 'emperor' }],
  ['a malformed e-mail', { email: 'person@example' }],
  ['a phone with letters', { phone_number: '0712abc678' }],
  ['a too short phone', { phone_number: '12345' }],
  ['an empty name', { fullname: '  ' }],
  ['a 121-character name', { fullname: 'n'.repeat(121) }],
];

describe.each(DIALECTS)('bad input on the users calls (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let staffId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = (await signIn(t.app, 'director@example.org')).token;
    staffId = await userIdOf(t.app, 'staff@example.org');
  });
  afterAll(() => t.close());

  const send = (method: Method, url: string, payload: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...json, ...authHeaders(token) },
      ...(payload !== undefined && { payload: JSON.stringify(payload) }),
    });

  it('answers every malformed call with 400 {error, code} and writes nothing', async () => {
    for (const [name, method, url, payload] of cases(staffId)) {
      const before = await rowCounts(t.app);
      const response = await send(method, url, payload);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
      const body = response.json();
      expect(body.code).toBe('BAD_REQUEST');
      expect(typeof body.error).toBe('string');
      expect(body.error.length).toBeLessThan(300);
      expect(await rowCounts(t.app)).toEqual(before);
    }
  });

  it.each(BAD_VALUES)('refuses %s on POST users (with the row) and on PUT users', async (_name, change) => {
    const before = await rowCounts(t.app);
    const created = await send('POST', 'users', [row(1), { ...row(2), ...change }]);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      error: expect.stringMatching(/^Row 2: /),
      code: 'BAD_REQUEST',
      rows: [expect.objectContaining({ row: 2, field: Object.keys(change)[0] })],
    });
    const updated = await send('PUT', 'users', { user_id: staffId, ...change });
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toEqual({ error: expect.any(String), code: 'BAD_REQUEST' });
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('answers malformed JSON and a body over 1 MB like every other call', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { ...json, ...authHeaders(token) },
      payload: '[{"fullname":',
    });
    expect(broken.statusCode).toBe(400);
    const huge = await send(
      'POST',
      'users',
      Array.from({ length: 30 }, (_, i) => ({ ...row(i), fullname: 'x'.repeat(40_000) })),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('accepts exactly BULK_USERS_MAX rows', async () => {
    const response = await send(
      'POST',
      'users',
      Array.from({ length: BULK_USERS_MAX }, (_, i) => row(i + 1)),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().users).toHaveLength(BULK_USERS_MAX);
  });
});
