import path from 'node:path';

/** What DATA_DIR holds that a backup keeps; the `mail` folder (.eml copies of mail already sent) is not kept. */
const DATABASE_FILE = 'imprest.sqlite';
const FILES_FOLDER = 'files';
/** Written last: a folder without it is not a finished backup. */
const MANIFEST_FILE = 'backup.json';

export interface BackupManifest {
  /** The moment the database copy is of (ISO); mail queued before it may already have gone out. */
  taken_at: string;
  /** Rows per table in the copy, so a restore can be checked against it. */
  counts: Record<string, number>;
  files: number;
}

export const inDir = (dir: string) => ({
  database: path.join(dir, DATABASE_FILE),
  files: path.join(dir, FILES_FOLDER),
  manifest: path.join(dir, MANIFEST_FILE),
});

export class BackupError extends Error {}
