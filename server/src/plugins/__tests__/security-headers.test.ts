import { createTestApp, type TestApp } from '../../test-support/app';
import { authHeaders, signIn } from '../../test-support/http';

/** helmet's headers (plugins/security.ts), as @fastify/helmet writes them with our options. */
const HELMET = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const helmetHeaders = (headers: Record<string, unknown>) => Object.fromEntries(HELMET.map((name) => [name, headers[name]]));

describe('security headers, worked out once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('are the same on every answer from the first on: a public call, a missing route, a signed-in call', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(first.statusCode).toBe(200);
    const expected = helmetHeaders(first.headers);
    expect(Object.values(expected).every((value) => typeof value === 'string' && value.length > 0)).toBe(true);
    expect(expected['content-security-policy']).toContain("default-src 'self'");
    expect(expected['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const { token } = await signIn(t.app, 'director@example.org');
    for (const answer of [
      await t.app.inject({ method: 'GET', url: '/api/v1/health' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: authHeaders(token) }),
      await t.app.inject({ method: 'GET', url: '/api/v1/health' }),
    ])
      expect({ status: answer.statusCode, headers: helmetHeaders(answer.headers) }).toEqual({
        status: answer.statusCode,
        headers: expected,
      });
  });
});
