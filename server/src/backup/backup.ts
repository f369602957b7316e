import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { BackupError, type BackupManifest, inDir } from './paths';

/**
 * `backup <dir>` for the SQLite deployment, safe while the server runs and writes. The database is
 * copied with SQLite's online backup API (better-sqlite3's `backup()`), never as a file: under WAL
 * the file alone misses what is still in `-wal`, and a copy taken mid-write can be torn. The
 * backup API restarts its copy when another connection writes, so what it finishes with is one
 * consistent moment. The files folder is copied after it: every file the copied rows name was
 * written before its row (an upload is stored, then recorded), so the copy has it.
 */
export async function backupDataDir(dataDir: string, dir: string, now: () => Date = () => new Date()): Promise<BackupManifest> {
  const source = inDir(dataDir);
  const target = inDir(dir);
  if (!fs.existsSync(source.database)) throw new BackupError(`no database at ${source.database}: is DATA_DIR right?`);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new BackupError(`${dir} is not empty: back up into a new folder`);
  fs.mkdirSync(dir, { recursive: true });

  const live = new SQLite(source.database, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(target.database);
  } finally {
    live.close();
  }
  const takenAt = now().toISOString();
  const copy = new SQLite(target.database, { readonly: true });
  let counts: Record<string, number>;
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the copy fails SQLite's integrity check: ${String(check)}`);
    counts = tableCounts(copy);
  } finally {
    copy.close();
  }
  const files = fs.existsSync(source.files) ? copyTree(source.files, target.files) : 0;
  const manifest: BackupManifest = { taken_at: takenAt, counts, files };
  fs.writeFileSync(target.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Rows in every table of a SQLite database (its own tables only). */
export function tableCounts(db: SQLite.Database): Record<string, number> {
  const tables = db
    .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
    .pluck()
    .all() as string[];
  return Object.fromEntries(tables.map((name) => [name, Number(db.prepare(`select count(*) from "${name}"`).pluck().get())]));
}

/** Copies a folder tree; files are written under a temporary name and renamed, so none is half there. */
export function copyTree(from: string, to: string): number {
  let copied = 0;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copied += copyTree(source, target);
    else if (entry.isFile()) {
      try {
        fs.copyFileSync(source, `${target}.part`);
      } catch (error) {
        // removed since it was listed (the upload clean-up): nothing to keep
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      fs.renameSync(`${target}.part`, target);
      copied += 1;
    }
  }
  return copied;
}
