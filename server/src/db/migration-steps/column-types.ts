import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * Column types that differ between the two dialects, for migrations 0001–0005; everything else is
 * written once. Frozen like the migrations that use it: a change here would change what they create
 * on a fresh database and not on one already migrated.
 */
export function types(dialect: DialectName) {
  const pg = dialect === 'postgres';
  return {
    id: pg ? ('serial' as const) : ('integer' as const),
    time: pg ? ('timestamptz' as const) : ('text' as const),
    /** The `id` column's constraints: serial on PostgreSQL, autoincrement on SQLite. */
    primaryId: (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()),
  };
}
