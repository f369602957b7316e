import fs from 'node:fs/promises';

/**
 * A full disk under DATA_DIR (the SQLite file and its WAL, uploaded files, .eml mail): every
 * write fails until someone frees space, while reads go on. A write refused for want of space is
 * answered 503 DISK_FULL (plugins/errors.ts) rather than "500 Something went wrong": nothing
 * is wrong with the request, nothing was saved, and the same request succeeds once there is room.
 * 503 rather than 507 because 503 is what every client and proxy already reads as "try again
 * later"; 507 is WebDAV's and no client here knows it.
 */

/** SQLite's SQLITE_FULL (also on a full WAL), Node's ENOSPC and EDQUOT (a quota), PostgreSQL's disk_full. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}

export const DISK_FULL_MESSAGE = "The server's disk is full, so nothing was saved. Please try again later.";

/**
 * Free space the volume must have again before readiness clears: enough for SQLite to write its
 * WAL and checkpoint, and for an upload or two, so an instance is not put back into service to
 * fail the next write.
 */
export const FREE_BYTES_TO_RECOVER = 8 * 1024 * 1024;

export interface DiskWatch {
  /** Called with every failure the error handler sees: a disk-full one marks the disk full. */
  note(error: unknown): void;
  /** Null when writes can be expected to succeed; else why not (readiness says it). */
  problem(): Promise<string | null>;
}

/**
 * Readiness knows of a full disk from the failures themselves (a probe write could succeed into
 * SQLite's pre-allocated WAL while real writes fail), and clears once the volume has
 * FREE_BYTES_TO_RECOVER free again, read with statfs(2) at each readiness check.
 */
export function createDiskWatch(
  dataDir: string,
  statfs: (path: string) => Promise<{ bavail: number; bsize: number }> = fs.statfs,
): DiskWatch {
  let full = false;
  return {
    note(error) {
      if (isDiskFull(error)) full = true;
    },
    async problem() {
      if (!full) return null;
      const { bavail, bsize } = await statfs(dataDir);
      const free = bavail * bsize;
      if (free >= FREE_BYTES_TO_RECOVER) {
        full = false;
        return null;
      }
      return `the disk of DATA_DIR (${dataDir}) is full: ${Math.floor(free / 1024)} KiB free, writes fail until ${FREE_BYTES_TO_RECOVER / 1024 / 1024} MiB are`;
    },
  };
}
