import { commandMissing, faultSuite, noBuild } from '../../test-support/fault-suite';
import { freePort, throwawayRedis } from './faults';
import { DATABASE_URL, DIST_MAIN, freshSchema, type Instance, PASSWORD, startInstance, stopInstance } from './instances';

/**
 * The lockout, as a deployment meets it: two production instances behind a proxy (TRUST_PROXY,
 * the client's address in X-Forwarded-For) sharing PostgreSQL and Redis. Ten wrong guesses at the
 * director's address, spread over both instances and ten addresses, lock every unknown device out
 * on both — and the director, on the browser that signed in before (its device cookie), still
 * gets in on either. The Redis is a throwaway one: the counters of the suites beside this one,
 * on the shared Redis, are never touched (they sign in as the same demo accounts).
 */
const suite = faultSuite('Lockout suite', [
  !DATABASE_URL && 'TEST_DATABASE_URL is not set',
  commandMissing('redis-server', 'CI installs it: .ci/run'),
  noBuild(DIST_MAIN),
]);

const DIRECTOR = 'director@example.org';
const BLOCKED = { error: 'Too many failed sign-ins. Please wait 15 minutes and try again.', code: 'TOO_MANY_SIGN_INS' };

/** A sign-in as a browser behind the proxy sends it: its address, and its device cookie if it has one. */
async function signInFrom(instance: Instance, password: string, { ip, cookie }: { ip: string; cookie?: string }) {
  const response = await fetch(`${instance.baseUrl}/api/v1/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ email: DIRECTOR, password }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json()) as Record<string, unknown>;
  // the name=value a browser sends back
  const setCookie = response.headers.get('set-cookie')?.split(';')[0];
  return { status: response.status, body, setCookie };
}

suite('the lockout across two production instances (PostgreSQL, Redis)', () => {
  jest.setTimeout(90_000);
  let schema: Awaited<ReturnType<typeof freshSchema>>;
  let redis: ReturnType<typeof throwawayRedis>;
  const instances: Instance[] = [];

  beforeAll(async () => {
    schema = await freshSchema();
    redis = throwawayRedis(await freePort());
    await redis.start();
    const env = { DATABASE_URL: schema.url, REDIS_URL: redis.url, FILES_SHARED: 'true', TRUST_PROXY: 'true' };
    instances.push(await startInstance('lockout-a', env)); // the first migrates and seeds
    instances.push(await startInstance('lockout-b', env));
  });
  afterAll(async () => {
    for (const instance of instances) await stopInstance(instance);
    await redis?.kill();
    await schema?.drop();
  });

  it('locks out every unknown device on both instances, and lets the director in from the known one on either', async () => {
    const [a, b] = instances as [Instance, Instance];
    const first = await signInFrom(a, PASSWORD, { ip: '10.0.0.5' });
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(/^imprest_device=/);
    const device = first.setCookie!;

    // the attacker: one wrong guess from each of ten addresses, half on each instance
    for (let i = 1; i <= 10; i += 1) expect((await signInFrom(i % 2 ? a : b, 'wrong-guess', { ip: `198.51.100.${i}` })).status).toBe(401);

    // every unknown device: refused on both, the right password included, from any address
    for (const [instance, ip] of [
      [a, '10.0.0.9'],
      [b, '10.0.0.5'],
      [b, '198.51.100.1'],
    ] as const) {
      const refused = await signInFrom(instance, PASSWORD, { ip });
      expect({ on: instance.name, ip, status: refused.status, body: refused.body }).toEqual({
        on: instance.name,
        ip,
        status: 429,
        body: BLOCKED,
      });
    }
    // the known device: in, on the other instance as on the first, from another address too
    expect((await signInFrom(b, PASSWORD, { ip: '192.0.2.7', cookie: device })).status).toBe(200);
    expect((await signInFrom(a, PASSWORD, { ip: '10.0.0.5', cookie: device })).status).toBe(200);
    // and the attack gets no further
    expect((await signInFrom(b, 'wrong-guess', { ip: '198.51.100.11' })).status).toBe(429);
    expect((await signInFrom(a, PASSWORD, { ip: '198.51.100.12' })).status).toBe(429);
  });
});
