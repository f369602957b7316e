import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../../test-support/app';
import { jsonCaller, signIn } from '../../test-support/http';
import { requestBody } from '../../test-support/requests';

/**
 * List and detail answers travel compressed — br where the client takes it, else gzip —
 * and decode to exactly the JSON sent without compression; tiny answers and clients that ask for
 * nothing get plain JSON.
 */
describe('API answers compressed', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  let finance: { id: number };
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const staff = await signIn(t.app, 'staff@example.org');
    const staffCall = jsonCaller(t.app, staff.token);
    for (let i = 0; i < 12; i += 1)
      expect((await staffCall('POST', 'requests', requestBody({ amount_requested: 1000 + i }))).statusCode).toBe(201);
    const signedIn = await signIn(t.app, 'finance_officer@example.org');
    finance = signedIn.user;
    call = jsonCaller(t.app, signedIn.token);
  });
  afterAll(() => t.close());

  const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

  it.each([
    ['the requests list', () => `requests/finance_officer/${finance.id}?page=1`],
    ['a request', () => 'requests/request/1'],
    ['the budget list', () => 'budget?page=1'],
    ['a budget code', () => 'budget/6101'],
  ])('%s in br and gzip, the same JSON as plain', async (_name, url) => {
    const plain = await call('GET', url(), undefined, { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const packed = await call('GET', url(), undefined, { 'accept-encoding': accept });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode[encoding](packed.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('leaves answers under 1 KB and clients asking for nothing alone', async () => {
    const small = await call('GET', 'users/validate-token', undefined, { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().user.email).toBe('finance_officer@example.org');
    const none = await call('GET', 'budget?page=1');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().budget_codes.length).toBeGreaterThan(0);
  });
});
