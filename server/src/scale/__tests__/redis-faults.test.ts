import { Redis } from 'ioredis';
import { commandMissing, faultSuite, noBuild } from '../../test-support/fault-suite';
import { requestBody } from '../../test-support/requests';
import { alive, freePort, pause, throwawayRedis, writeSteadily } from './faults';
import {
  api,
  connectSocket,
  DATABASE_URL,
  DIST_MAIN,
  freshSchema,
  type Instance,
  signIn,
  startInstance,
  stopInstance,
  until,
} from './instances';

/**
 * Two instances of the production build sharing a Redis that dies under them and comes back
 * (docs/architecture.md §Server "Scale-out"): writes go on, rate limits count per instance
 * meanwhile, realtime across instances resumes by itself; and an instance started while Redis
 * is down serves, reports itself not ready, and becomes ready once Redis answers. The Redis is a
 * throwaway redis-server on a port of its own: the shared one on 6379 is never stopped.
 * CI provides PostgreSQL and redis-server (.ci/run).
 */
const suite = faultSuite('Redis fault suite', [
  !DATABASE_URL && 'TEST_DATABASE_URL is not set',
  commandMissing('redis-server', 'CI installs it: .ci/run'),
  noBuild(DIST_MAIN),
]);

const STAFF = 'staff@example.org';
const small = (n: number) => requestBody({ amount_requested: 100, expenditure_justification: `redis fault ${n}` });
/** Five reset requests per address per minute (DEFAULT_RATE_LIMITS.passwordReset); cheap to call. */
const resetRequest = (instance: Instance) => api(instance, 'POST', 'forgot-password', { body: { email: 'nobody@example.org' } });

/** An event caused on `from` reaches a socket held by `to` (to's subscriber subscribed again). */
async function realtimeAcross(from: Instance, to: Instance) {
  const { token, user } = await signIn(from, STAFF);
  const socket = await connectSocket(to, token);
  try {
    await socket.timeout(5000).emitWithAck('join', { room: String(user.organization_id) });
    const heard: number[] = [];
    socket.on('update_request', ((payload: { request_id: number }) => heard.push(payload.request_id)) as (...args: never[]) => void);
    const created = await api(from, 'POST', 'requests', { token, body: small(0) });
    expect(created.status).toBe(201);
    const id = Number(created.body!.data?.id ?? created.body!.id);
    await until(`update_request on ${to.name}`, async () => heard.includes(id), 5_000);
  } finally {
    socket.disconnect();
  }
}

suite('instances through Redis faults', () => {
  jest.setTimeout(60_000);
  let schema: Awaited<ReturnType<typeof freshSchema>>;
  let redis: ReturnType<typeof throwawayRedis>;
  const started: Instance[] = [];
  let a: Instance;
  let b: Instance;
  const env = (redisUrl: string) => ({ DATABASE_URL: schema.url, REDIS_URL: redisUrl, FILES_SHARED: 'true' });
  const start = async (name: string, redisUrl: string, waitFor = 'ready') => {
    const instance = await startInstance(name, env(redisUrl), { waitFor });
    started.push(instance);
    return instance;
  };

  beforeAll(async () => {
    schema = await freshSchema();
    redis = throwawayRedis(await freePort());
    await redis.start();
    a = await start('redis-a', redis.url); // the first migrates and seeds
    b = await start('redis-b', redis.url);
  });
  afterAll(async () => {
    for (const instance of started) await stopInstance(instance);
    await redis?.kill();
    await schema?.drop();
  });

  /** Every answer to writes sent steadily to both instances while `fault` happens. */
  async function writeThrough(fault: () => Promise<void>) {
    const tokens = [(await signIn(a, STAFF)).token, (await signIn(b, STAFF)).token];
    const load = writeSteadily(
      [
        { instance: a, token: tokens[0]! },
        { instance: b, token: tokens[1]! },
      ],
      small,
    );
    await pause(300);
    await fault();
    return load.stop();
  }

  it('keeps both serving writes when Redis dies under them, limits counted by each instance alone meanwhile', async () => {
    const answers = await writeThrough(async () => {
      await redis.kill();
      await pause(1_000);
    });

    expect([alive(a), alive(b)]).toEqual([true, true]);
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
    expect(answers.length).toBeGreaterThan(4);
    for (const instance of [a, b]) {
      const ready = await api(instance, 'GET', 'health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ error: 'Not ready: redis not answering', checks: { database: 'ok', redis: 'down' } });
    }
    // The limit still holds, on this instance's own counters: five, then refused.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await resetRequest(a)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(a.output()).toContain('rate limits count on this instance alone until it returns');
    // a command cut in flight may be logged as handled (MaxRetriesPerRequestError), never as a crash or a 500
    expect(a.output() + b.output()).not.toMatch(/uncaught|unhandled/i);
  });

  it('picks up again by itself when Redis returns: ready, realtime across instances, limits shared', async () => {
    await redis.start();
    const back = Date.now();
    for (const instance of [a, b])
      await until(`${instance.name} ready`, async () => (await api(instance, 'GET', 'health/ready')).status === 200, 10_000);
    expect(Date.now() - back).toBeLessThan(5_000);

    await realtimeAcross(a, b);

    // the counters are Redis's again (it came back empty): five across both, not five each
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await resetRequest(i % 2 ? b : a)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(a.output()).toContain('rate limits are shared by the instances again');
    expect([alive(a), alive(b)]).toEqual([true, true]);
  });

  it('keeps both serving writes through an orderly stop (redis-cli shutdown) too; ready and realtime again when Redis returns', async () => {
    const answers = await writeThrough(async () => {
      await redis.kill('SIGTERM');
      await pause(1_000);
      await redis.start();
      await pause(300);
    });
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
    expect(answers.length).toBeGreaterThan(4);
    for (const instance of [a, b])
      await until(`${instance.name} ready`, async () => (await api(instance, 'GET', 'health/ready')).status === 200, 10_000);
    await realtimeAcross(b, a);
    expect([alive(a), alive(b)]).toEqual([true, true]);
    expect(a.output() + b.output()).not.toMatch(/uncaught|unhandled/i);
  });

  it('starts while Redis is down: serves, readiness 503 naming Redis, then 200 once Redis answers; stops at once without it', async () => {
    const late = throwawayRedis(await freePort());
    try {
      const c = await start('redis-late', late.url, 'live');
      expect(c.output()).toContain('starting without it');
      const ready = await api(c, 'GET', 'health/ready');
      expect(ready).toMatchObject({
        status: 503,
        body: { error: 'Not ready: redis not answering', code: 'INTERNAL', checks: { database: 'ok', redis: 'down', store: 'ok' } },
      });
      const { token } = await signIn(c, STAFF);
      expect((await api(c, 'POST', 'requests', { token, body: small(1) })).status).toBe(201);

      await late.start();
      const up = Date.now();
      await until('readiness once Redis answers', async () => (await api(c, 'GET', 'health/ready')).status === 200, 10_000);
      expect(Date.now() - up).toBeLessThan(5_000);
      // realtime across instances works from here: c's subscriber holds its pattern subscription
      const probe = new Redis(late.url);
      try {
        await until('the realtime subscription', async () => Number(await probe.pubsub('NUMPAT')) > 0, 5_000);
      } finally {
        probe.disconnect();
      }
      expect(alive(c)).toBe(true);

      // and a shutdown with Redis gone again waits for nothing of it
      await late.kill();
      const stopping = Date.now();
      c.child.kill('SIGTERM');
      const exited = await c.exited;
      // the server's last lines when it did not exit 0: what failed while closing
      expect({ exited, log: exited.code === 0 ? '' : c.output().slice(-4000) }).toEqual({ exited: { code: 0, signal: null }, log: '' });
      expect(Date.now() - stopping).toBeLessThan(3_000);
    } finally {
      await late.kill();
    }
  });
});
