import pg from 'pg';

/**
 * Where connection trouble is reported; the app hands its logger over once it exists (useLog).
 * The return is a warning too, so a log kept at LOG_LEVEL=warn shows where each outage ended.
 */
export interface ConnectionLog {
  warn(details: object, message: string): void;
}

const PG_INT8 = 20;
const PG_TIMESTAMPTZ = 1184;

/** Hands bigint back as a number (our amounts are far below 2^53) and timestamps as ISO text. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8) return (value: string) => Number(value);
    if (oid === PG_TIMESTAMPTZ) {
      const parseDate = pg.types.getTypeParser(oid, 'text') as (value: string) => Date;
      return (value: string) => parseDate(value).toISOString();
    }
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * How long a statement waits for a connection: pg-pool counts both opening one that PostgreSQL does
 * not accept and waiting in the queue for one of the ten to be free. 5 s was too short for the
 * queue: 200 simultaneous writes serialised on one budget code (concurrency.test.ts) took longer on
 * a slow 2-core machine, and the late ones got 503 "not answering" while PostgreSQL was fine. A
 * database that refuses or drops connections still answers 503 at once (db/errors.ts).
 */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * The pool, made to outlive PostgreSQL's blips (a terminated backend, a failover, a restart, a
 * firewall dropping idle connections). pg emits 'error' on a connection that dies: on the pool
 * while the connection is idle, on the client itself while it is checked out (a transaction
 * between statements). Either without a listener kills the process, so both get one; the dead
 * connection is dropped (pg-pool does not reuse a client that is no longer queryable), the
 * statement in flight fails (db/errors.ts isConnectionLost: a 503) and the next checkout opens a
 * new connection, which works again as soon as PostgreSQL does. Logged once per outage, not
 * once per connection.
 */
export function createPgPool(url: string, pgSchema: string | undefined) {
  let log: ConnectionLog = { warn: (details, message) => console.warn(message, details) };
  let troubled = false;
  const report = (error: Error) => {
    if (troubled) return;
    troubled = true;
    log.warn(
      { err: { message: error.message, code: (error as { code?: string }).code } },
      'PostgreSQL connection lost; reconnecting on the next query',
    );
  };
  const pool = new pg.Pool({
    connectionString: url,
    // pg_stat_activity names us, so an operator (and the fault test) can tell our backends apart.
    application_name: new URL(url).searchParams.get('application_name') ?? 'imprest',
    max: 10,
    types: pgTypes,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection a firewall silently dropped is noticed (TCP keep-alive probes from 10 s idle)
    // instead of hanging the next query on it.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
  });
  pool.on('error', report);
  pool.on('connect', (client) => {
    client.on('error', report);
    if (troubled) {
      troubled = false;
      log.warn({}, 'PostgreSQL answers again');
    }
  });
  return {
    pool,
    useLog(next: ConnectionLog) {
      log = next;
    },
  };
}
