import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './app';

/** Writes `files` (path under the root → content) into `root`, making their folders. */
async function writeFiles(root: string, files: Record<string, string | Buffer>) {
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), content);
  }
}

/** A test app whose WEB_ROOT holds `files`, for the describe block that calls it; `seed` for signed-in callers. */
export function servingWebRoot(files: Record<string, string | Buffer>, { seed = false } = {}) {
  const served = {} as { t: TestApp; webRoot: string };
  beforeAll(async () => {
    served.webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-web-'));
    await writeFiles(served.webRoot, files);
    served.t = await createTestApp('sqlite', { seed, env: { WEB_ROOT: served.webRoot } });
  });
  afterAll(async () => {
    await served.t.close();
    await fs.rm(served.webRoot, { recursive: true, force: true });
  });
  return served;
}
