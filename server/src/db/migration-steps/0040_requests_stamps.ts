import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */

/**
 * What a requests search's count reads (modules/requests/list-repository.ts): every column of
 * `requests`; of `reviews` the roles of a request's chain (the own_or_chain scope); of
 * `budget_codes` the code, which is searched. Any change to those moves the organisation's stamp.
 * Reviews' other columns (status, acting, reminders) and a code's other columns (amount, name)
 * change no count, and are left out so that reminders and budget edits keep the totals reused.
 */
const WATCHED: ReadonlyArray<{ table: string; columns?: string[] }> = [
  { table: 'requests' },
  { table: 'reviews', columns: ['organization_id', 'request_id', 'reviewer_role'] },
  { table: 'budget_codes', columns: ['organization_id', 'code'] },
];

/**
 * The stamp only grows, and never falls below the database's clock in microseconds: a database
 * put back from an older copy under a running server starts above any stamp it handed out before,
 * so a kept total is never taken for one of the restored rows.
 */
const SQLITE_NOW_US = `cast((julianday('now') - 2440587.5) * 86400000000.0 as integer)`;

function sqliteBump(row: 'new' | 'old', onlyIfMoved = false): string {
  // an organisation moved (never done today): the one it left loses a row, and is stamped too
  // (an INSERT … SELECT before ON CONFLICT takes a WHERE, or SQLite reads the ON as a join's)
  const where = onlyIfMoved ? ` where old.organization_id is not new.organization_id` : ' where true';
  return (
    `insert into requests_stamps (organization_id, stamp) select ${row}.organization_id, ${SQLITE_NOW_US}${where} ` +
    `on conflict (organization_id) do update set stamp = max(stamp + 1, excluded.stamp);`
  );
}

/** SQLite: a row trigger per write; SQLite has one writer, so the stamp's row costs no waiting. */
async function sqliteTriggers(db: Kysely<any>) {
  for (const { table, columns } of WATCHED) {
    const updateOf = columns ? ` of ${columns.join(', ')}` : '';
    await sql.raw(`create trigger ${table}_stamp_insert after insert on ${table} begin ${sqliteBump('new')} end`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_stamp_update after update${updateOf} on ${table} begin ${sqliteBump('new')} ${sqliteBump('old', true)} end`,
      )
      .execute(db);
    await sql.raw(`create trigger ${table}_stamp_delete after delete on ${table} begin ${sqliteBump('old')} end`).execute(db);
  }
}

/**
 * PostgreSQL: the stamp's row is moved at COMMIT, by a deferred constraint trigger, not at the
 * write: an update holds its row lock until the transaction ends, and moved at the first write
 * every writer of the organisation would wait for the one before it to finish its whole
 * transaction (read, check, write, mail). Deferred, writers wait only for each other's commit.
 * A transaction moves each organisation's stamp once (imprest.requests_stamped, local to the
 * transaction), however many rows it wrote. The data and the new stamp become visible together.
 */
async function postgresTriggers(db: Kysely<any>) {
  await sql
    .raw(
      `create function requests_stamp() returns trigger language plpgsql as $$
declare
  orgs integer[] := '{}';
  org integer;
  done text;
begin
  if tg_op <> 'INSERT' then orgs := orgs || old.organization_id; end if;
  if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.organization_id is distinct from old.organization_id) then
    orgs := orgs || new.organization_id;
  end if;
  foreach org in array orgs loop
    done := coalesce(current_setting('imprest.requests_stamped', true), '');
    if position(',' || org || ',' in done) = 0 then
      insert into requests_stamps as kept (organization_id, stamp)
        values (org, (extract(epoch from clock_timestamp()) * 1000000)::bigint)
        on conflict (organization_id) do update set stamp = greatest(kept.stamp + 1, excluded.stamp);
      perform set_config('imprest.requests_stamped', done || ',' || org || ',', true);
    end if;
  end loop;
  return null;
end
$$`,
    )
    .execute(db);
  for (const { table, columns } of WATCHED) {
    const updateOf = columns ? ` of ${columns.join(', ')}` : '';
    await sql
      .raw(
        `create constraint trigger ${table}_stamp after insert or update${updateOf} or delete on ${table} ` +
          `deferrable initially deferred for each row execute function requests_stamp()`,
      )
      .execute(db);
  }
}

/**
 * requests_stamps: one row per organisation whose stamp moves with every write to what a requests
 * search counts, kept by the database itself (triggers), so it holds for every write path and with
 * several server instances. A search's total is reused while the stamp has not moved
 * (modules/requests/search-totals.ts). No foreign key: a stamp outliving its organisation is harmless.
 */
export function requestsStamps(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('requests_stamps')
        .addColumn('organization_id', 'integer', (c) => c.primaryKey())
        .addColumn('stamp', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into requests_stamps (organization_id, stamp) select id, 1 from organizations`.execute(db);
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
    async down(db: Kysely<any>) {
      for (const { table } of WATCHED) {
        if (dialect === 'sqlite') {
          for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${table}_stamp_${event}`).execute(db);
        } else await sql.raw(`drop trigger if exists ${table}_stamp on ${table}`).execute(db);
      }
      if (dialect === 'postgres') await sql`drop function if exists requests_stamp()`.execute(db);
      await db.schema.dropTable('requests_stamps').execute();
    },
  };
}
