import fs from 'node:fs';
import path from 'node:path';
import { faultSuite, noBuild } from '../../test-support/fault-suite';
import { requestBody } from '../../test-support/requests';
import {
  api,
  connectSocket,
  forgetRateLimits,
  DATABASE_URL,
  DIST_MAIN,
  freshSchema,
  type Instance,
  REDIS_URL,
  signIn,
  sql,
  startInstance,
  stopInstance,
  until,
} from './instances';

/**
 * Two processes of the production build on different ports, sharing one PostgreSQL schema and
 * one Redis, checked only from outside: HTTP, socket.io and the database (docs/architecture.md §Server
 * "Scale-out"). CI starts PostgreSQL and Redis on loopback (.ci/run); without them this is skipped, and says why.
 */
const STAFF = 'staff@example.org';
/** Small amounts, so a hundred submissions stay inside the seeded budget code's balance. */
const small = (note: string) => requestBody({ amount_requested: 1_000, expenditure_justification: note });
const suite = faultSuite('Multi-instance suite', [
  !DATABASE_URL && 'TEST_DATABASE_URL is not set',
  !REDIS_URL && 'TEST_REDIS_URL is not set',
  noBuild(DIST_MAIN),
]);

suite('two server instances on PostgreSQL and Redis', () => {
  jest.setTimeout(120_000);
  let schema: Awaited<ReturnType<typeof freshSchema>>;
  let a: Instance;
  let b: Instance;
  // FILES_SHARED: no file passes between the two here, so their own DATA_DIRs stand in for a shared one.
  const env = () => ({ DATABASE_URL: schema.url, REDIS_URL: REDIS_URL!, FILES_SHARED: 'true' });
  const mailFiles = () =>
    [a, b].flatMap((i) =>
      fs.existsSync(path.join(i.dataDir, 'mail')) ? fs.readdirSync(path.join(i.dataDir, 'mail')).filter((f) => f.endsWith('.eml')) : [],
    );

  beforeAll(async () => {
    schema = await freshSchema();
    await forgetRateLimits();
    // Both start at once, as a rolling deployment may: migrations and the first-start seed run once.
    [a, b] = await Promise.all([startInstance('a', env()), startInstance('b', env())]);
  });
  afterAll(async () => {
    for (const instance of [a, b]) if (instance) await stopInstance(instance);
    await schema?.drop();
  });

  it('starts both on one schema, seeded once', async () => {
    const [{ n }] = await sql(schema.url, `select count(*)::int as n from organizations`);
    expect(n).toBe(1);
  });

  it('accepts on one instance a token issued by the other, and a sign-out on one ends it on both', async () => {
    const { token, user } = await signIn(a, STAFF);
    expect((await api(b, 'GET', 'users/validate-token', { token })).body?.user.id).toBe(user.id);
    expect((await api(b, 'POST', 'users/logout', { token })).status).toBe(204);
    expect((await api(a, 'GET', 'users/validate-token', { token })).status).toBe(401);
  });

  it('delivers an event caused on one instance to a socket connected to the other', async () => {
    const { token, user } = await signIn(a, STAFF);
    const socket = await connectSocket(b, token);
    try {
      expect(await socket.timeout(5000).emitWithAck('join', { room: String(user.organization_id) })).toMatchObject({
        room: String(user.organization_id),
        user: { id: user.id },
      });
      const heard = new Promise<{ request_id: number }>((resolve) => socket.once('update_request', resolve as (...args: never[]) => void));
      const created = await api(a, 'POST', 'requests', { token, body: small('heard across instances') });
      expect(created.status).toBe(201);
      expect(await heard).toEqual({ request_id: created.body!.data?.id ?? created.body!.id });
    } finally {
      socket.disconnect();
    }
  });

  it('shares the rate limits: five reset requests per address per minute across both, not five each', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 7; i += 1)
      answers.push((await api(i % 2 ? b : a, 'POST', 'forgot-password', { body: { email: 'nobody@example.org' } })).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('shares the sign-in limit: the eleventh wrong password in a minute is refused, whichever instance gets it', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push(
        (await api(i % 2 ? b : a, 'POST', 'users/authenticate', { body: { email: 'staff2@example.org', password: 'wrong-password-1' } }))
          .status,
      );
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers[10]).toBe(429);
  });

  it('sends each mail of twenty submissions spread across both exactly once', async () => {
    const [{ before }] = await sql(schema.url, `select coalesce(max(id), 0)::int as before from outbox`);
    const tokens = [(await signIn(a, STAFF)).token, (await signIn(b, STAFF)).token];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api(i % 2 ? b : a, 'POST', 'requests', { token: tokens[i % 2], body: small(`mail ${i}`) })),
    );
    expect(answers.filter((r) => r.status !== 201)).toEqual([]);
    const rows = await until('every new mail sent', async () => {
      const all = await sql(schema.url, `select id, sent_at from outbox where id > $1`, [before]);
      return all.length > 0 && all.every((row) => row.sent_at) ? all : null;
    });
    expect(rows.length).toBeGreaterThanOrEqual(20); // each submission tells at least its first reviewer
    const ids = mailFiles()
      .map((name) => Number(/-(\d+)\.eml$/.exec(name)![1]))
      .filter((id) => id > Number(before));
    expect(ids.sort((x, y) => x - y)).toEqual(rows.map((row) => Number(row.id)).sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('runs the scheduled overdue job once a day for the organisation, though both instances caught up at start', async () => {
    const runs = await sql(schema.url, `select count(*)::int as n from audit_log where entity = 'job' and action = 'run'`);
    expect(runs[0]!.n).toBe(1);
  });

  it('loses no acknowledged write when one instance is killed mid-load, and the other keeps serving', async () => {
    const tokens = [(await signIn(a, STAFF)).token, (await signIn(b, STAFF)).token];
    const acknowledged: number[] = [];
    let refused = 0;
    let killed = false;
    const submit = async (i: number) => {
      const target = i % 2 ? b : a;
      try {
        const answer = await api(target, 'POST', 'requests', { token: tokens[i % 2], body: small(`load ${i}`) });
        if (answer.status === 201) acknowledged.push(Number(answer.body!.data?.id ?? answer.body!.id));
        else refused += 1;
      } catch {
        refused += 1; // the connection died with the instance: not acknowledged, so nothing is owed
      }
    };
    const load = (async () => {
      for (let i = 0; i < 60; i += 4) await Promise.all([0, 1, 2, 3].map((k) => submit(i + k)));
    })();
    await until('some writes acknowledged', async () => acknowledged.length >= 10);
    a.child.kill('SIGKILL');
    killed = true;
    await load;
    expect(killed).toBe(true);
    expect(refused).toBeGreaterThan(0); // a's share after the kill
    const stored = await sql(schema.url, `select id from requests where id = any($1::int[])`, [acknowledged]);
    expect(stored.map((row) => Number(row.id)).sort((x, y) => x - y)).toEqual([...acknowledged].sort((x, y) => x - y));
    // b still serves: reads and writes
    const { token } = await signIn(b, STAFF);
    expect((await api(b, 'POST', 'requests', { token, body: small('after the kill') })).status).toBe(201);
    expect((await api(b, 'GET', `requests/request/${acknowledged[0]}`, { token })).status).toBe(200);
  });
});
