import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { copyTree, tableCounts } from './backup';
import { BackupError, type BackupManifest, inDir } from './paths';

export interface RestoreOptions {
  /** Move a database and files already in DATA_DIR aside (`*.before-restore-<time>`) instead of refusing. */
  replace: boolean;
  /** Send the mail that was waiting at the backup's moment after all (it may have gone out already). */
  resendQueued: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  counts: Record<string, number>;
  /** Mail waiting at the backup's moment, now held back (0 with resendQueued). */
  held: number;
  movedAside: string[];
}

const HELD_REASON = (takenAt: string) =>
  `restored from the backup of ${takenAt}: it was waiting then and may have gone out since, so it is not sent again (restore --resend-queued sends such mail)`;

/**
 * `restore <dir>` into DATA_DIR, with every instance stopped. The backup is checked first (its
 * manifest, SQLite's integrity check, the row counts it recorded), then copied in with the backup
 * API, then its files. Mail: the live system went on sending after the backup was taken, so a
 * message still queued in the copy may well have been delivered already. Sending it again would
 * mail people twice; it is held instead — status `dead` with the reason in `last_error` — unless
 * the operator asks for `--resend-queued`. Mail queued after the backup is lost with the rest of
 * that time's data.
 */
export async function restoreDataDir(dir: string, dataDir: string, options: RestoreOptions, now = new Date()): Promise<RestoreResult> {
  const source = inDir(dir);
  const target = inDir(dataDir);
  if (!fs.existsSync(source.manifest))
    throw new BackupError(`${dir} has no ${source.manifest.slice(dir.length + 1)}: not a finished backup`);
  const manifest = JSON.parse(fs.readFileSync(source.manifest, 'utf8')) as BackupManifest;
  checkCopy(source.database, manifest);

  const movedAside: string[] = [];
  fs.mkdirSync(dataDir, { recursive: true });
  const existing = [target.database, `${target.database}-wal`, `${target.database}-shm`, target.files].filter((p) => fs.existsSync(p));
  if (existing.length > 0 && !options.replace)
    throw new BackupError(
      `DATA_DIR already holds ${existing.join(', ')}: stop every instance and restore with --replace to move them aside`,
    );
  const suffix = `.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
  for (const file of existing) {
    fs.renameSync(file, file + suffix);
    movedAside.push(file + suffix);
  }

  const backup = new SQLite(source.database, { readonly: true });
  try {
    await backup.backup(target.database);
  } finally {
    backup.close();
  }
  if (fs.existsSync(source.files)) copyTree(source.files, target.files);

  const restored = new SQLite(target.database);
  try {
    restored.pragma('journal_mode = WAL');
    const held = options.resendQueued
      ? 0
      : restored.prepare(`update outbox set status = 'dead', last_error = ? where status = 'queued'`).run(HELD_REASON(manifest.taken_at))
          .changes;
    const check = restored.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the restored database fails SQLite's integrity check: ${String(check)}`);
    return { manifest, counts: tableCounts(restored), held, movedAside };
  } finally {
    restored.close();
  }
}

/** The backup's database is whole and holds what its manifest says it does. */
function checkCopy(file: string, manifest: BackupManifest) {
  if (!fs.existsSync(file)) throw new BackupError(`the backup has no database (${file})`);
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the backup's database fails SQLite's integrity check: ${String(check)}`);
    const counts = tableCounts(db);
    const differs = Object.keys(manifest.counts).filter((table) => counts[table] !== manifest.counts[table]);
    if (differs.length > 0) throw new BackupError(`the backup's database does not hold what its manifest says (${differs.join(', ')})`);
  } finally {
    db.close();
  }
}
