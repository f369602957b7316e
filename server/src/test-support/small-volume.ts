import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A small filesystem of its own, to be filled up: a real ext4 image, loop-mounted (needs root, as
 * CI runs), or a size-limited tmpfs where the container has no loop devices — it fills up the
 * same way. `fill` takes every free block with a filler file, `free` deletes it.
 */
export async function mountSmallVolume(megabytes = 24) {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-disk-'));
  const mount = path.join(base, 'mnt');
  await fs.mkdir(mount);
  const image = path.join(base, 'volume.img');
  await fs.writeFile(image, '');
  await fs.truncate(image, megabytes * 1024 * 1024);
  try {
    // -m 0: no blocks kept for root, so the server (root in CI) meets the same full disk statfs reports
    execFileSync('mkfs.ext4', ['-q', '-F', '-m', '0', image], { stdio: 'pipe' });
    execFileSync('mount', ['-o', 'loop', image, mount], { stdio: 'pipe' });
  } catch {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', mount]);
  }
  const filler = path.join(mount, 'filler');
  return {
    mount,
    /** Writes 1 MiB, then 4 KiB, chunks until the filesystem refuses. */
    async fill() {
      const file = await fs.open(filler, 'a');
      try {
        for (const size of [1024 * 1024, 4096]) {
          const chunk = Buffer.alloc(size, 1);
          for (;;) {
            try {
              await file.write(chunk);
              await file.sync();
            } catch (error) {
              if ((error as { code?: string }).code === 'ENOSPC') break;
              throw error;
            }
          }
        }
      } finally {
        await file.close().catch(() => undefined);
      }
    },
    free: () => fs.rm(filler, { force: true }),
    async unmount() {
      execFileSync('umount', [mount]);
      await fs.rm(base, { recursive: true, force: true });
    },
  };
}
