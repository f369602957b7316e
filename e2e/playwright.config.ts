// Browser tests: real Chromium against the real production server, which the global setup starts
// once per worker.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArgs } from '@imprest/harness/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CI = !!process.env.CI && !['0', 'false'].includes(process.env.CI.toLowerCase());

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  // Two workers, each with a server of its own (global-setup.ts): a spec mostly waits on its page, its
  // server or a timer, so on two cores a second browser nearly halves the run. E2E_WORKERS=1 for one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    // `npm test` sets PLAYWRIGHT_JSON_OUTPUT_NAME to count the results; alone, the report stays beside the others
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(here, 'test-results', 'e2e.json') }],
  ],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: chromiumArgs(),
    },
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    // the service worker is tested on its own (offline.spec.ts); elsewhere it would only add precaching work
    serviceWorkers: 'block',
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
