// Lighthouse (mobile preset, performance only) on `/` and on `/dashboard` with a stored session,
// each from a blank cache. Runs the Lighthouse CLI (LIGHTHOUSE_BIN, or `npx lighthouse@12`) against
// a Chromium the bench starts, so the session can be put in local storage first.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs } from '@imprest/harness/chromium.mjs';
import { freePort } from './lib/proc.mjs';

function lighthouseCli(url, port, name, cpuSlowdown) {
  const bin = process.env.LIGHTHOUSE_BIN;
  const [cmd, pre] = bin ? [bin, []] : ['npx', ['--yes', 'lighthouse@12']];
  const args = [
    ...pre,
    url,
    `--port=${port}`,
    '--output=json',
    '--quiet',
    '--only-categories=performance',
    // the returning user's local storage was put in place beforehand; the cache is blank all the same (see below)
    '--disable-storage-reset',
    // Lighthouse's own default is 4: a fast desktop made a mid-tier phone. On a slower host that
    // makes a phone slower than the one meant (Lighthouse's throttling guide, "Calibrating the CPU slowdown");
    // the bench's rows keep the default, a calibrated run is asked for with --lh-cpu=N
    ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
  ];
  // LH_ASSETS=DIR keeps each run's report, trace and DevTools log there (DIR/<page>.json, DIR/<page>-0.trace.json)
  const assets = process.env.LH_ASSETS && path.join(process.env.LH_ASSETS, `${name}.json`);
  if (assets) args.push('--save-assets', `--output-path=${assets}`);
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024, timeout: 180_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`lighthouse ${url}: ${error.message}\n${stderr.slice(-2000)}`));
      else resolve(JSON.parse(assets ? readFileSync(assets, 'utf8') : stdout));
    });
  });
}

function summarize(report) {
  const audit = (id) => report.audits[id]?.numericValue ?? null;
  const lcpNode = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  // the tag and its text: '<strong>' alone does not say which of a page's elements it was
  const lcpElement = lcpNode ? `${lcpNode.snippet} ${JSON.stringify(lcpNode.nodeLabel ?? '')}` : null;
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    lcpElement,
    // the host's CPU as Lighthouse measured it: its 4× slowdown is meant for a fast desktop (an index
    // of 1500–2000 in its throttling guide's table), and it warns below 1000
    benchmarkIndex: report.environment?.benchmarkIndex ?? null,
    cpuSlowdown: report.configSettings?.throttling?.cpuSlowdownMultiplier ?? null,
    bootup: (report.audits['bootup-time']?.details?.items ?? []).slice(0, 4).map((i) => ({ url: i.url, ms: Math.round(i.total) })),
  };
}

/**
 * One Lighthouse run per page, each in a browser of its own (nothing cached from the other).
 * `/dashboard` opens as a returning user's: `storage` is the local storage a signed-in visit left
 * (the session and the reads each page opened with), the HTTP cache blank.
 */
export async function measureLighthouse({ baseUrl, chromium: executablePath, storage, cpuSlowdown }) {
  const { chromium } = await import('@playwright/test');
  const results = {};
  // one browser for one run: a run retried in the browser of the first attempt found its files in
  // the HTTP cache (a warm load, LCP ~1.7 s where a blank cache gives ~3 s)
  const onePage = async (name, route) => {
    const port = await freePort();
    const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'imprest-lh-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      serviceWorkers: 'block',
      args: chromiumArgs(`--remote-debugging-port=${port}`),
    });
    try {
      if (route === '/dashboard') {
        // a static file of the origin: local storage gets the returning user's entries, nothing of the app is cached
        const page = await context.newPage();
        await page.goto(`${baseUrl}/version.json`);
        await page.evaluate((entries) => entries.forEach(({ name, value }) => localStorage.setItem(name, value)), storage);
        await page.close();
      }
      return await lighthouseCli(`${baseUrl}${route}`, port, name, cpuSlowdown);
    } finally {
      await context.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    }
  };
  for (const [name, route] of [
    ['home', '/'],
    ['dashboard', '/dashboard'],
  ]) {
    // Lighthouse now and then loses the trace (NO_NAVSTART) on a busy machine: one more try, in a new browser
    const report = await onePage(name, route).catch(() => onePage(name, route));
    results[name] = summarize(report);
  }
  return results;
}
