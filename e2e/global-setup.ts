// Starts the real production server: complete, once per Playwright worker (each worker's specs get
// a server and data of their own), and once without mf-budget (the degraded case).
// The returned function is the global teardown: it stops them all and removes their data.
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
    // workers run one spec file each at a time, so a server per worker keeps each file's scene its own
    const fullTemps = Array.from({ length: Math.max(1, config.workers) }, (_, index) => tempFolder(`full-${index}`));
    temps.push(...fullTemps);
    const degradedTemp = tempFolder('degraded');
    temps.push(degradedTemp);
    const started = await Promise.allSettled([
      startServer({ name: 'without-mf-budget', tempRoot: degradedTemp, webRoot: webRootWithout(degradedTemp, ['mf-budget']) }),
      ...fullTemps.map((tempRoot, index) => startServer({ name: `full-${index}`, tempRoot, webRoot: REPO_ROOT })),
    ]);
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    const [degraded, ...full] = servers as [RunningServer, ...RunningServer[]];
    publishServers(full, degraded.baseURL);
    for (const server of full) console.log(`e2e server ${server.name}: ${server.baseURL} (DATA_DIR ${server.dataDir})`);
    console.log(`e2e server without mf-budget: ${degraded.baseURL}`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
