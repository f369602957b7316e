import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */

/**
 * SQLite: what a search's count reads of each request the text index (0020) finds, keyed by id —
 * the searched text and the columns the list's scope and filters test — so that count reads this
 * index instead of the requests table. "hotel" finds 14,000 of 100,000 requests, spread over
 * nearly every page of the table (8,400 pages, 33 MB); these entries fill ~2,300. On a cold page
 * cache the count read 50–270 ms of table pages, 17–20 ms of this index (modules/requests/list-repository.ts
 * countIndexed). PostgreSQL counts from its pg_trgm indexes and needs nothing here.
 */
export function searchRowsIndex(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      await db.schema
        .createIndex('requests_search_rows')
        .on('requests')
        .columns([
          'id',
          'organization_id',
          'is_latest',
          'request_owner_id',
          'root_request_id',
          'current_status',
          'retired_amount',
          'budget_code_id',
          'purpose',
          'request_owner_name',
          'approval_number',
          'name_of_establishment',
        ])
        .execute();
    },
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') await db.schema.dropIndex('requests_search_rows').execute();
    },
  };
}
