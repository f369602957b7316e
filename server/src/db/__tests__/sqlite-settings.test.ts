import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, SQLITE_CACHE_KIB } from '../database';

describe('the embedded SQLite database', () => {
  it('is durable (WAL, synchronous FULL), enforces foreign keys, waits on a lock and keeps 64 MiB of pages', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imprest-sqlite-'));
    const { db, destroy } = createDatabase({ dataDir, databaseUrl: null });
    try {
      const read = async (pragma: string) => Object.values((await sql.raw(`pragma ${pragma}`).execute(db)).rows[0] as object)[0];
      expect(await read('journal_mode')).toBe('wal');
      expect(await read('synchronous')).toBe(2);
      expect(await read('foreign_keys')).toBe(1);
      expect(await read('busy_timeout')).toBe(5000);
      expect(await read('cache_size')).toBe(-SQLITE_CACHE_KIB);
      expect(SQLITE_CACHE_KIB).toBe(65536);
    } finally {
      await destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
