import { faultSuite, noBuild } from '../../test-support/fault-suite';
import { requestBody } from '../../test-support/requests';
import { alive, pause, tcpRelay, writeSteadily } from './faults';
import { api, DATABASE_URL, DIST_MAIN, freshSchema, type Instance, signIn, sql, startInstance, stopInstance, until } from './instances';

/**
 * The production build on PostgreSQL while its connections die: backends terminated under
 * writes (pg_terminate_backend, as an operator, a failover or a firewall does), and the database
 * unreachable for a while and back (through a relay this test cuts, so the PostgreSQL others use
 * is never restarted). The process must stay up, answer 503 UNAVAILABLE rather than crash, and
 * serve again by itself (db/pg-pool.ts). CI provides PostgreSQL (.ci/run).
 */
const suite = faultSuite('PostgreSQL fault suite', [!DATABASE_URL && 'TEST_DATABASE_URL is not set', noBuild(DIST_MAIN)]);

const STAFF = 'staff@example.org';
const small = (n: number) => requestBody({ amount_requested: 100, expenditure_justification: `fault ${n}` });

suite('one instance through PostgreSQL faults', () => {
  jest.setTimeout(60_000);
  let schema: Awaited<ReturnType<typeof freshSchema>>;
  let relay: Awaited<ReturnType<typeof tcpRelay>>;
  let server: Instance;
  let token: string;
  /** Names this server's backends in pg_stat_activity, so only they are terminated. */
  const applicationName = `imprest-fault-${process.pid}`;

  beforeAll(async () => {
    schema = await freshSchema();
    const target = new URL(DATABASE_URL!);
    relay = await tcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(schema.url);
    url.host = `127.0.0.1:${relay.port}`;
    url.searchParams.set('application_name', applicationName);
    server = await startInstance('pg-faults', { DATABASE_URL: url.toString() });
    token = (await signIn(server, STAFF)).token;
  });
  afterAll(async () => {
    if (server) await stopInstance(server);
    await relay?.close();
    await schema?.drop();
  });

  const terminateBackends = async () =>
    (
      await sql(
        DATABASE_URL!,
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and application_name = $1`,
        [applicationName],
      )
    ).length;

  it('keeps serving when its backends are terminated under writes: no crash, only 201 or 503, and every 201 is kept', async () => {
    const before = Number((await sql(schema.url, 'select count(*)::int as n from requests'))[0].n);
    const load = writeSteadily(
      [
        { instance: server, token },
        { instance: server, token },
      ],
      small,
    );
    await pause(300);
    const first = await terminateBackends();
    await pause(300);
    const second = await terminateBackends();
    await pause(300);
    const answers = await load.stop();

    expect(first + second).toBeGreaterThan(0);
    expect(alive(server)).toBe(true);
    const unexpected = answers.filter((a) => !(a.status === 201 || (a.status === 503 && a.code === 'UNAVAILABLE')));
    expect(unexpected).toEqual([]);
    const created = answers.filter((a) => a.status === 201).length;
    expect(created).toBeGreaterThan(0);
    const after = Number((await sql(schema.url, 'select count(*)::int as n from requests'))[0].n);
    // A 503 may come from a statement cut before or during its COMMIT; an acknowledged one is never lost.
    expect(after - before).toBeGreaterThanOrEqual(created);
    expect(server.output()).toContain('PostgreSQL connection lost');
    expect(server.output()).not.toMatch(/uncaught|unhandled/i);

    // at once afterwards: health, readiness, a signed-in read and a write
    expect((await api(server, 'GET', 'health')).status).toBe(200);
    expect((await api(server, 'GET', 'health/ready')).status).toBe(200);
    const written = await api(server, 'POST', 'requests', { token, body: small(-1) });
    expect(written.status).toBe(201);
    expect((await api(server, 'GET', `requests/request/${written.body!.data?.id ?? written.body!.id}`, { token })).status).toBe(200);
  });

  it('answers 503 while PostgreSQL cannot be reached, and serves again within seconds of its return without a restart', async () => {
    await relay.cut();
    try {
      expect((await api(server, 'GET', 'health')).status).toBe(200); // liveness: restarting would not help
      const ready = await api(server, 'GET', 'health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: 'INTERNAL', checks: { database: 'down' } });
      const read = await api(server, 'GET', 'users/validate-token', { token });
      expect(read).toEqual({
        status: 503,
        body: { error: 'The database is not answering. Please try again in a moment.', code: 'UNAVAILABLE' },
      });
      expect((await api(server, 'POST', 'requests', { token, body: small(-2) })).body).toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      await relay.restore();
    }
    const back = Date.now();
    await until(
      'a signed-in read after PostgreSQL returns',
      async () => (await api(server, 'GET', 'users/validate-token', { token })).status === 200,
      10_000,
    );
    const written = await api(server, 'POST', 'requests', { token, body: small(-3) });
    expect(written.status).toBe(201);
    expect((await api(server, 'GET', 'health/ready')).status).toBe(200);
    expect(Date.now() - back).toBeLessThan(5_000);
    expect(alive(server)).toBe(true);
  });
});
