import path from 'node:path';
import type { Config } from '../config';
import { backupDataDir } from './backup';
import { BackupError } from './paths';
import { restoreDataDir } from './restore';

const BACKUP_USAGE = 'backup <new folder>';
const RESTORE_USAGE = 'restore <backup folder> [--replace] [--resend-queued]';

/** PostgreSQL and the bucket are backed up with their own tools (deploy/README.md "Backup and restore"). */
function sqliteOnly(config: Config, command: string) {
  if (config.databaseUrl)
    throw new BackupError(
      `${command} is for the SQLite database in DATA_DIR; with DATABASE_URL use pg_dump -Fc / pg_restore and copy the bucket (deploy/README.md "Backup and restore")`,
    );
}

/** `node server/dist/main.js backup <dir>`: the database (online) and the files; prints what it holds. */
export async function backupCommand(config: Config, args: readonly string[]): Promise<void> {
  sqliteOnly(config, 'backup');
  if (args.length !== 1 || args[0]!.startsWith('--')) throw new BackupError(`usage: ${BACKUP_USAGE}`);
  const dir = path.resolve(args[0]!);
  const manifest = await backupDataDir(config.dataDir, dir);
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  console.log(
    `backup of ${manifest.taken_at} written to ${dir}: ${rows} rows in ${Object.keys(manifest.counts).length} tables, ${manifest.files} files`,
  );
}

/** `node server/dist/main.js restore <dir> [--replace] [--resend-queued]`, every instance stopped. */
export async function restoreCommand(config: Config, args: readonly string[]): Promise<void> {
  sqliteOnly(config, 'restore');
  const flags = args.filter((a) => a.startsWith('--'));
  const dirs = args.filter((a) => !a.startsWith('--'));
  const unknown = flags.filter((f) => f !== '--replace' && f !== '--resend-queued');
  if (dirs.length !== 1 || unknown.length > 0) throw new BackupError(`usage: ${RESTORE_USAGE}`);
  const result = await restoreDataDir(path.resolve(dirs[0]!), config.dataDir, {
    replace: flags.includes('--replace'),
    resendQueued: flags.includes('--resend-queued'),
  });
  for (const moved of result.movedAside) console.log(`moved aside: ${moved}`);
  const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);
  console.log(`restored the backup of ${result.manifest.taken_at} into ${config.dataDir}: ${rows} rows, ${result.manifest.files} files`);
  console.log(
    result.held > 0
      ? `${result.held} mails that were waiting at the backup's moment are held, not sent (they may have gone out before); restore again with --resend-queued to send them`
      : 'no mail held back',
  );
}
