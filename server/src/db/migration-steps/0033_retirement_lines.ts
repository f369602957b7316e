import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * A retirement's optional lines (docs/product-rules.md §Retirements, "Lines"), as JSON beside its
 * file_paths: on the retirement (the current submission) and on each kept submission. Rows from
 * before have none.
 */
export function retirementLines(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const table of ['retirements', 'retirement_submissions'])
        await db.schema
          .alterTable(table)
          .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['retirements', 'retirement_submissions']) await db.schema.alterTable(table).dropColumn('lines').execute();
    },
  };
}
