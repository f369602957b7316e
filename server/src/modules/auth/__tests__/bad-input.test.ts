import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';

const CALLS = [
  { url: '/api/v1/users/authenticate', valid: { email: 'director@example.org', password: 'whatever-password' } },
  { url: '/api/v1/forgot-password', valid: { email: 'director@example.org' } },
  { url: '/api/v1/forgot-password/validate', valid: { token: 'abc', email: 'director@example.org', password: 'long-enough-1' } },
] as const;

const json = { 'content-type': 'application/json' };

describe.each(DIALECTS)('bad input on the auth calls (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => t.close());

  describe.each(CALLS)('POST $url', ({ url, valid }) => {
    const send = (payload: string | object | undefined, headers: Record<string, string> = json) =>
      t.app.inject({ method: 'POST', url, headers, payload: payload as string });

    type Case = [string, () => ReturnType<typeof send>, number];
    const overLongSecrets: Case = [
      'an over-long password or token',
      () => send(Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, k === 'email' ? v : 'x'.repeat(200)]))),
      400,
    ];
    const cases: Case[] = [
      ['no body at all', () => t.app.inject({ method: 'POST', url }), 400],
      ['an empty JSON body', () => send(''), 400],
      ['an empty object', () => send({}), 400],
      ['an array', () => send([valid]), 400],
      ['null', () => send('null'), 400],
      ['wrong types', () => send(Object.fromEntries(Object.keys(valid).map((k) => [k, 12345678]))), 400],
      ['an over-long e-mail', () => send({ ...valid, email: `${'a'.repeat(250)}@example.org` }), 400],
      ...(Object.keys(valid).length > 1 ? [overLongSecrets] : []),
      ['an extra property', () => send({ ...valid, is_admin: true }), 400],
      ['malformed JSON', () => send('{"email": "director@example.org",'), 400],
      ['form encoding', () => send('email=a%40b.c', { 'content-type': 'application/x-www-form-urlencoded' }), 400],
      ['plain text', () => send(JSON.stringify(valid), { 'content-type': 'text/plain' }), 400],
      ['a body over 1 MB', () => send({ ...valid, padding: 'x'.repeat(1024 * 1024) }), 413],
    ];

    it.each(cases)('answers %s with a JSON error', async (_name, call, status) => {
      const response = await call();
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json();
      expect(typeof body.error).toBe('string');
      expect(body.code).toBe(status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST');
      expect(Object.keys(body).sort()).toEqual(['code', 'error']);
    });
  });

  it('names the field and the rule in validation messages', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/users/authenticate', payload: { email: 'a@b.co' } });
    expect(response.json().error).toMatch(/password/);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['POST', '/api/v1/users/nothing'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
  });
});

describe('bad input on PUT users/settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers 401 before looking at the body when nobody is signed in', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/v1/users/settings', headers: json, payload: '{bad json' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 to malformed bodies from a signed-in caller', async () => {
    const { token, user } = await signIn(t.app, 'staff@example.org');
    for (const payload of [
      '{bad json',
      '{}',
      JSON.stringify({ user_id: String(user.id), settings: '{}' }),
      JSON.stringify({ user_id: user.id, settings: 'x'.repeat(1001) }),
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/settings',
        headers: { ...json, ...authHeaders(token) },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
  });
});
