// Starts the real production server twice: complete, and without mf-budget (the degraded case).
// The returned function is the global teardown: it stops both and removes their data.
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { publishServers } from './support/env';
import { REPO_ROOT, assertBuilt, startServer, stopServer, tempFolder, webRootWithout, type RunningServer } from './support/server';

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  assertBuilt();
  const temps: string[] = [];
  const servers: RunningServer[] = [];

  const teardown = async () => {
    await Promise.all(servers.map(stopServer));
    // keep the server logs next to the test results; the data goes
    const logs = path.join(config.projects[0]?.outputDir ?? path.join(config.rootDir, 'test-results'), 'server-logs');
    for (const server of servers) {
      if (!existsSync(server.logFile)) continue;
      mkdirSync(logs, { recursive: true });
      copyFileSync(server.logFile, path.join(logs, path.basename(server.logFile)));
    }
    for (const temp of temps) rmSync(temp, { recursive: true, force: true });
  };

  try {
    const fullTemp = tempFolder('full');
    temps.push(fullTemp);
    const degradedTemp = tempFolder('degraded');
    temps.push(degradedTemp);
    const started = await Promise.allSettled([
      startServer({ name: 'full', tempRoot: fullTemp, webRoot: REPO_ROOT }),
      startServer({ name: 'without-mf-budget', tempRoot: degradedTemp, webRoot: webRootWithout(degradedTemp, ['mf-budget']) }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    const [full, degraded] = servers as [RunningServer, RunningServer];
    publishServers({ baseURL: full.baseURL, dataDir: full.dataDir, degradedURL: degraded.baseURL });
    console.log(`e2e servers: ${full.baseURL} (DATA_DIR ${full.dataDir}), without mf-budget: ${degraded.baseURL}`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
