import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */

/** The request columns the search box reads (modules/requests/list-repository.ts matchesSearch). */
const SEARCHED = ['purpose', 'request_owner_name', 'approval_number', 'name_of_establishment'] as const;

/**
 * SQLite: an FTS5 trigram table over the searched columns, its content read from `requests` (no
 * second copy of the text) and kept by triggers, filled from the requests already there. Only
 * changes to the searched columns touch it: a status change does not.
 */
async function sqliteSearch(db: Kysely<any>) {
  const columns = SEARCHED.join(', ');
  const values = (row: 'new' | 'old') => SEARCHED.map((c) => `${row}.${c}`).join(', ');
  await sql
    .raw(
      `create virtual table if not exists requests_search using fts5(${columns}, content='requests', content_rowid='id', tokenize='trigram')`,
    )
    .execute(db);
  await sql.raw(`insert into requests_search (requests_search) values ('rebuild')`).execute(db);
  const remove = `insert into requests_search (requests_search, rowid, ${columns}) values ('delete', old.id, ${values('old')});`;
  const add = `insert into requests_search (rowid, ${columns}) values (new.id, ${values('new')});`;
  await sql.raw(`create trigger if not exists requests_search_insert after insert on requests begin ${add} end`).execute(db);
  await sql.raw(`create trigger if not exists requests_search_delete after delete on requests begin ${remove} end`).execute(db);
  await sql
    .raw(`create trigger if not exists requests_search_update after update of ${columns} on requests begin ${remove} ${add} end`)
    .execute(db);
}

/**
 * PostgreSQL: a pg_trgm GIN index on lower(column) for each searched column, which `lower(column)
 * like '%…%'` uses as it is written. pg_trgm is a trusted extension (PostgreSQL 13+): the database
 * owner may create it; where it cannot be created the search keeps scanning, as before, and the
 * migration says so. A savepoint keeps a refused CREATE EXTENSION from ending the migration's
 * transaction. The operator class is named with the extension's schema, which need not be on the
 * search_path (tests run in their own schema).
 */
async function postgresSearch(db: Kysely<any>) {
  let schema = await trigramSchema(db);
  if (!schema) {
    await sql`savepoint pg_trgm_create`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`release savepoint pg_trgm_create`.execute(db);
    } catch (error) {
      await sql`rollback to savepoint pg_trgm_create`.execute(db);
      console.warn(`migration 0020: pg_trgm not available (${(error as Error).message}); the requests search stays without an index`);
      return;
    }
    schema = await trigramSchema(db);
  }
  for (const column of SEARCHED) {
    await sql
      .raw(`create index if not exists requests_search_${column} on requests using gin (lower(${column}) "${schema}".gin_trgm_ops)`)
      .execute(db);
  }
}

async function trigramSchema(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{
    schema: string;
  }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

/**
 * budget_owner_usage (modules/budget/usage.ts), filled from the requests already there with its own
 * copy of the sums, so that a later change of that module does not change what this step does.
 */
async function ownerUsage(db: Kysely<any>) {
  await db.schema
    .createTable('budget_owner_usage')
    .ifNotExists()
    .addColumn('budget_code_id', 'integer', (c) => c.notNull().references('budget_codes.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount_currency', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
    .addColumn('latest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unretired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unretired_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('budget_owner_usage_pk', ['budget_code_id', 'owner_id', 'amount_currency'])
    .execute();
  await db.deleteFrom('budget_owner_usage').execute();
  await sql`
    insert into budget_owner_usage (budget_code_id, owner_id, amount_currency, organization_id, latest, unretired, unretired_amount)
    select budget_code_id, request_owner_id, amount_currency, organization_id,
           count(*),
           sum(case when current_status = 'approved' and retired_amount is null then 1 else 0 end),
           coalesce(sum(case when current_status = 'approved' and retired_amount is null then amount_requested else 0 end), 0)
      from requests
     where is_latest = 1
     group by budget_code_id, request_owner_id, amount_currency, organization_id
  `.execute(db);
  await db.schema
    .createIndex('budget_owner_usage_owner')
    .ifNotExists()
    .on('budget_owner_usage')
    .columns(['organization_id', 'owner_id'])
    .execute();
}

/**
 * A text index for the requests search, and what each owner's latest requests hold on
 * each code, kept: the request detail's outstanding advances summed them from the requests (30 ms
 * for an owner with 14,000 unretired ones), and a staff member's budget detail counted their
 * requests on the code.
 */
// Every statement may run again over what an earlier run made (if not exists; the kept rows
// refilled), for an operator re-running the step by hand on a database that recorded the no-op
// 0020 this step first was.
export function searchIndex(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await sqliteSearch(db);
      else await postgresSearch(db);
      await ownerUsage(db);
    },
  };
}
