// docs/screens.md §Shell banners, The app built twice and the second build served — the blue 'New
// version available!' banner appears and Reload activates the new version; the purple install
// banner shows on `beforeinstallprompt` once the person uses the page, and Install hides it; on a phone the banners cover
// neither the page nor each other. The manifest has an id and separate any / maskable icons.
import { execFile } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { REPO_ROOT, startServer, stopServer, tempFolder, webRootWithout } from '../support/server';
import { afterNextPaint } from '../support/settled';

const PHONE = { width: 390, height: 844 };

const banner = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('the update flow', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a second build served: the blue banner appears and Reload activates the new version', async ({ browser }) => {
    test.setTimeout(300_000);
    const temp = tempFolder('update');
    // the first build is the one in shell/dist; the remotes are served as they are
    const webRoot = webRootWithout(temp, ['shell']);
    const served = path.join(webRoot, 'shell', 'dist');
    cpSync(path.join(REPO_ROOT, 'shell', 'dist'), served, { recursive: true });
    const server = await startServer({ name: 'update', tempRoot: temp, webRoot });
    const context = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'allow' });
    try {
      const page = await context.newPage();
      const version = () => page.evaluate(async () => ((await (await fetch('/version.json')).json()) as { build: string }).build);
      await page.goto('/');
      await expect(banner(page, 'App ready to work offline')).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
      const first = await version();

      await test.step('build the shell a second time and serve that build', async () => {
        const second = path.join(temp, 'second-build');
        // a production build as a deploy makes one (its own version, service worker and precache),
        // minified by esbuild and without source maps: neither decides the update, and terser and the
        // maps made this CI's longest browser test (186 s of a loaded run)
        await promisify(execFile)(
          path.join(REPO_ROOT, 'shell', 'node_modules', '.bin', 'webpack'),
          ['--config', 'webpack.config.cjs', '--mode', 'production', '--devtool', 'false', '--output-path', second],
          {
            cwd: path.join(REPO_ROOT, 'shell'),
            env: { ...process.env, IMPREST_BUILD_ID: `second-${Date.now()}`, IMPREST_FAST_MINIFY: '1' },
            maxBuffer: 64 * 1024 * 1024,
          },
        );
        rmSync(served, { recursive: true, force: true });
        cpSync(second, served, { recursive: true });
      });

      // the browser looks for a new worker on navigation; asking now is the same without waiting
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const update = banner(page, 'New version available!');
      await expect(update).toBeVisible({ timeout: 60_000 });
      await expect(update).toContainText('Click reload to update');
      // until Reload, the page keeps running the first build
      expect(await version()).toBe(first);

      await page.setViewportSize(PHONE);
      await page.screenshot({ path: test.info().outputPath('update-banner-phone.png'), fullPage: true });
      const ready = banner(page, 'App ready to work offline');
      if (await ready.isVisible()) expect(overlap(await box(ready), await box(update))).toBe(false);
      const heading = page.getByRole('heading', { level: 1 }).first();
      expect(overlap(await box(update), await box(heading))).toBe(false);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: test.info().outputPath('update-banner-desktop.png') });

      await Promise.all([page.waitForEvent('load'), update.getByRole('button', { name: 'Reload' }).click()]);
      await expect.poll(version, { timeout: 15_000 }).toMatch(/^second-/);
      expect(await page.evaluate(async () => !(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
      await expect(banner(page, 'New version available!')).toHaveCount(0);
    } finally {
      await context.close();
      await stopServer(server);
      rmSync(temp, { recursive: true, force: true });
    }
  });
});

/** Plays the browser's install offer: what Chromium fires when the app may be installed. True once the app took it (preventDefault). */
async function offerInstall(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

test('the purple install banner shows on beforeinstallprompt once the person uses the page, Install prompts and hides it; on a phone it covers nothing', async ({
  page,
  signInPage,
}) => {
  await signInPage.goto();
  await page.setViewportSize(PHONE);
  const signInButton = page.getByRole('button', { name: 'Sign In' });
  const before = { heading: await box(signInPage.heading), button: await box(signInButton) };
  expect(await offerInstall(page)).toBe(true);
  const install = banner(page, 'Install Imprest on your home screen');
  // offered once the person uses the page (a key, a tap), not over its first paint: the offer was
  // taken, and the frames after it show no banner
  await afterNextPaint(page);
  await expect(install).toHaveCount(0);
  await page.keyboard.press('Shift');
  await expect(install).toBeVisible();
  await expect(install).toHaveAttribute('data-banner', 'purple');

  await page.screenshot({ path: test.info().outputPath('install-banner-phone.png'), fullPage: true });
  // on a phone the banner sits at the bottom, below the sign-in form: nothing of the form under it, and
  // nothing shown before it moved (a banner above the form pushed it down: Lighthouse's layout shift)
  expect(await box(signInPage.heading)).toEqual(before.heading);
  expect(await box(signInButton)).toEqual(before.button);
  expect(overlap(await box(install), before.heading)).toBe(false);
  expect(overlap(await box(install), before.button)).toBe(false);
  expect((await box(install)).y).toBeGreaterThan(before.button.y);
  // and the page gains the banners' height at its end, so its last line can be scrolled clear of them
  const reserved = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
  expect(reserved).toBeGreaterThanOrEqual((await box(install)).height);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('install-banner-desktop.png') });

  await install.getByRole('button', { name: 'Install' }).click();
  await expect(install).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
});

test('the manifest names the app with an id and offers separate any and maskable icons', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as { id?: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
  expect(manifest.id).toBe('/dashboard');
  for (const purpose of ['any', 'maskable']) {
    const icons = manifest.icons.filter((icon) => icon.purpose === purpose);
    expect(icons.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
    for (const icon of icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.every((icon) => !icon.purpose.includes(' '))).toBe(true);
});
