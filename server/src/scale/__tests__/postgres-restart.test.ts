import { requestBody } from '../../test-support/requests';
import { commandMissing, faultSuite, noBuild, notRoot } from '../../test-support/fault-suite';
import { alive, freePort, pause, writeSteadily } from './faults';
import { api, DIST_MAIN, type Instance, signIn, sql, startInstance, stopInstance, until } from './instances';
import { installedPostgres, throwawayPostgres } from './throwaway-postgres';

/**
 * PostgreSQL itself restarted (`pg_ctlcluster … restart`: every backend ended, the postmaster gone
 * for a moment), under writes and while idle, beneath the production build. The cluster is one of
 * its own on another port: restarting the shared cluster would cut the connections of the suites
 * jest runs beside this one (two workers), and a lock would not help since they do not take it.
 * The process must stay up, answer only 201 or 503 UNAVAILABLE meanwhile, lose no acknowledged
 * write, and serve health, a signed-in read and a write within seconds of PostgreSQL's return.
 */
const version = installedPostgres();
const suite = faultSuite('PostgreSQL restart suite', [
  noBuild(DIST_MAIN),
  !version && 'no PostgreSQL server under /usr/lib/postgresql (CI installs it: .ci/run)',
  commandMissing('pg_createcluster', "Debian's postgresql-common"),
  notRoot('a throwaway cluster'),
]);

const STAFF = 'staff@example.org';
const small = (n: number) => requestBody({ amount_requested: 100, expenditure_justification: `restart ${n}` });
/** How soon after PostgreSQL answers again the server must serve: a pool that reconnects, not a restart. */
const WITHIN_MS = 5_000;

suite('one instance through a PostgreSQL restart', () => {
  jest.setTimeout(120_000);
  let cluster: Awaited<ReturnType<typeof throwawayPostgres>>;
  let server: Instance;
  let token: string;
  let url: string;

  beforeAll(async () => {
    cluster = await throwawayPostgres(version!, await freePort());
    await sql(cluster.url, 'create database imprest_fault');
    url = cluster.url.replace(/\/postgres$/, '/imprest_fault');
    server = await startInstance('pg-restart', { DATABASE_URL: url });
    token = (await signIn(server, STAFF)).token;
  });
  afterAll(async () => {
    if (server) await stopInstance(server);
    await cluster?.drop();
  });

  const count = async () => Number((await sql(url, 'select count(*)::int as n from requests'))[0]!.n);

  /** Health, readiness, a signed-in read and a write, all answering; how long that took. */
  async function servesAgain() {
    const from = Date.now();
    await until('readiness after the restart', async () => (await api(server, 'GET', 'health/ready')).status === 200, WITHIN_MS * 2);
    expect((await api(server, 'GET', 'health')).status).toBe(200);
    expect((await api(server, 'GET', 'users/validate-token', { token })).status).toBe(200);
    const written = await api(server, 'POST', 'requests', { token, body: small(-1) });
    expect(written.status).toBe(201);
    const id = written.body!.data?.id ?? written.body!.id;
    expect((await api(server, 'GET', `requests/request/${id}`, { token })).status).toBe(200);
    return Date.now() - from;
  }

  it('keeps serving through a restart under writes: no crash, only 201 or 503, every 201 kept, serving within seconds', async () => {
    const before = await count();
    const load = writeSteadily(
      [
        { instance: server, token },
        { instance: server, token },
      ],
      small,
    );
    await pause(500);
    const restarting = Date.now();
    await cluster.restart();
    const restartMs = Date.now() - restarting;
    await pause(500);
    const answers = await load.stop();
    const backMs = await servesAgain();
    console.info(`PostgreSQL restart under writes: restart took ${restartMs} ms, serving again ${backMs} ms after it`);

    expect(alive(server)).toBe(true);
    const unexpected = answers.filter((a) => !(a.status === 201 || (a.status === 503 && a.code === 'UNAVAILABLE')));
    expect(unexpected).toEqual([]);
    const created = answers.filter((a) => a.status === 201).length;
    expect(created).toBeGreaterThan(0);
    // a 503 may come from a statement cut before or during its COMMIT; an acknowledged one is never lost
    expect((await count()) - before).toBeGreaterThanOrEqual(created + 1);
    expect(backMs).toBeLessThan(WITHIN_MS);
    expect(server.output()).toContain('PostgreSQL connection lost');
    expect(server.output()).toContain('PostgreSQL answers again');
    expect(server.output()).not.toMatch(/uncaught|unhandled/i);
  });

  it('keeps serving through a restart while idle: the dead pooled connections are dropped, not handed to the next call', async () => {
    // fill the pool with idle connections, then restart beneath them
    await Promise.all(Array.from({ length: 4 }, () => api(server, 'GET', 'users/validate-token', { token })));
    await cluster.restart();
    // PostgreSQL ended them as it stopped; pg told the pool, which let them go
    expect((await api(server, 'GET', 'users/validate-token', { token })).status).toBe(200);
    expect(await servesAgain()).toBeLessThan(WITHIN_MS);
    expect(alive(server)).toBe(true);
  });
});
