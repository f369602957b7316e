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
    .raw(`create virtual table requests_search using fts5(${columns}, content='requests', content_rowid='id', tokenize='trigram')`)
    .execute(db);
  await sql.raw(`insert into requests_search (requests_search) values ('rebuild')`).execute(db);
  const remove = `insert into requests_search (requests_search, rowid, ${columns}) values ('delete', old.id, ${values('old')});`;
  const add = `insert into requests_search (rowid, ${columns}) values (new.id, ${values('new')});`;
  await sql.raw(`create trigger requests_search_insert after insert on requests begin ${add} end`).execute(db);
  await sql.raw(`create trigger requests_search_delete after delete on requests begin ${remove} end`).execute(db);
  await sql.raw(`create trigger requests_search_update after update of ${columns} on requests begin ${remove} ${add} end`).execute(db);
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
    await sql.raw(`create index requests_search_${column} on requests using gin (lower(${column}) "${schema}".gin_trgm_ops)`).execute(db);
  }
}

async function trigramSchema(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{
    schema: string;
  }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

/**
 * A text index for the requests search (issue 14), and the owner's outstanding advances read from
 * an index alone: the request detail shows them to reviewers, and summing them from the rows read
 * one row per unretired request of the owner (30 ms at 14,000). The index holds exactly the
 * columns the sums need, for the same rows as requests_unretired (0016). And a staff member's
 * requests on a code, counted from an index alone (the budget detail's total, modules/budget/repository.ts).
 */
export function searchIndex(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await sqliteSearch(db);
      else await postgresSearch(db);
      await db.schema
        .createIndex('requests_owner_advances')
        .on('requests')
        .columns(['organization_id', 'request_owner_id', 'amount_currency', 'amount_requested', 'retirement_due'])
        .where(sql.ref('current_status'), '=', 'approved')
        .where(sql.ref('is_latest'), '=', 1)
        .where(sql.ref('retired_amount'), 'is', null)
        .execute();
      await db.schema
        .createIndex('requests_budget_owner')
        .on('requests')
        .columns(['budget_code_id', 'request_owner_id', 'is_latest', 'organization_id'])
        .execute();
    },
  };
}
