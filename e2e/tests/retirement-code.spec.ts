// A retirement's page fetches only the code of what it shows: a director reading it gets neither
// form library (formik and yup for the owner's form, ~23 KB br, the shell's copy that every app
// shares; the phone rules, ~29 KB br, for finance's settlement), the owner in edit mode gets the
// form's, finance with a settlement awaiting gets the settlement's too; and a form's code is asked
// for as soon as the retirement's answer says it shows, beside the page's own code, not after it.
// Photographed at 1280 and 390 px in each mode.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ACCOUNTS } from '../support/accounts';
import { approveByChain, attachRetirement, signInLoop, signedIn, submitTravelRequest, uniqueTag, uploadReceipt } from '../support/api';
import { holdScripts } from '../support/network';
import { photograph } from '../support/screenshots';
import { REPO_ROOT } from '../support/server';

const DIST = path.join(REPO_ROOT, 'mf-retirements', 'dist');
/** The form libraries every app takes from the shell (packages/mf-config/shared.cjs). */
const SHARED_LIBRARIES = ['formik', 'yup'];
/** The libraries a form brings, as their sources are named in a chunk's source map. */
const LIBRARIES = { formik: /node_modules\/formik\//, yup: /node_modules\/yup\//, phone: /node_modules\/libphonenumber-js\// };
type Library = keyof typeof LIBRARIES;

/** A script's built file: `/remotes/<app>/<file>` is in that app's dist, anything else in the shell's. */
function builtFile(urlPath: string): string {
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(urlPath);
  return remote ? path.join(REPO_ROOT, remote[1], 'dist', remote[2]) : path.join(REPO_ROOT, 'shell', 'dist', urlPath.slice(1));
}

/** Which of the form libraries the built scripts `paths` (URL paths) hold (read from their source maps). */
function librariesIn(paths: readonly string[]): Library[] {
  const sources = paths.flatMap((file) => (JSON.parse(fs.readFileSync(`${builtFile(file)}.map`, 'utf8')) as { sources: string[] }).sources);
  return (Object.keys(LIBRARIES) as Library[]).filter((name) => sources.some((source) => LIBRARIES[name].test(source)));
}

/** Moves the app to `path` as its links do (the router, not a page load). */
async function openInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** The app's chunks the page asks for as scripts (run or preloaded) from now on, by URL path (remote entries left out). */
function appScripts(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.resourceType() === 'script' && pathname.endsWith('.js') && !pathname.endsWith('/remoteEntry.js')) files.push(pathname);
  });
  return files;
}

/** The file names of the mf-retirements scripts among `paths`. */
const retirementFiles = (paths: readonly string[]) =>
  paths.filter((file) => file.startsWith('/remotes/mf-retirements/')).map((file) => path.basename(file));

async function submitRetirement(api: APIRequestContext, token: string, id: number, spent: number, tag: string): Promise<void> {
  const receipt = await uploadReceipt(api, token);
  const sent = await api.post('/api/v1/retirement/user-submit', {
    headers: signedIn(token),
    data: { id, amount_spent: spent, amount_currency: 'tzs', comments: `Fares (${tag})`, file_paths: [receipt] },
  });
  expect(sent.status(), await sent.text()).toBe(200);
}

async function acceptRetirement(api: APIRequestContext, token: string, id: number): Promise<void> {
  const read = await api.get(`/api/v1/retirement/${id}`, { headers: signedIn(token) });
  const { data } = (await read.json()) as { data: { reviews: Array<{ id: number; status: string }> } };
  const step = data.reviews.find((r) => r.status === 'pending')!;
  const review = await api.post('/api/v1/retirement/review', {
    headers: signedIn(token),
    data: { id, review_id: step.id, status: 'approved', comments: 'Checked' },
  });
  expect(review.status(), await review.text()).toBe(200);
}

test('the built route files: the retirement page without the form libraries, each form with its own', () => {
  const { pages, parts, shared } = JSON.parse(fs.readFileSync(path.join(DIST, 'route-files.json'), 'utf8')) as {
    pages: Record<string, string[]>;
    parts: Record<string, Record<string, string[]>>;
    shared: Record<string, string[]>;
  };
  const own = (files: string[]) => librariesIn(files.map((file) => `/remotes/mf-retirements/${file}`));
  const fromShell = (route: string) => (shared[route] ?? []).filter((name) => SHARED_LIBRARIES.includes(name));
  expect(pages.retirement.length).toBeGreaterThan(0);
  expect(own(pages.retirement)).toEqual([]);
  expect(fromShell('retirement')).toEqual([]);
  // the form libraries come from the shell, none bundled again; the phone rules with the settlement only
  expect(own(parts.retirement.submit)).toEqual([]);
  expect(fromShell('retirement/submit')).toEqual(['formik', 'yup']);
  expect(own(parts.retirement.settle)).toEqual(['phone']);
  expect(fromShell('retirement/settle')).toEqual(['formik', 'yup']);
});

test("each person's retirement page fetches the code of the forms it shows, and the form's starts beside the page's", async ({
  api,
  signInAs,
}) => {
  const tag = uniqueTag();
  const { staffToken, officerToken, chain } = await signInLoop(api);
  /** A retirement of a new approved request of the owner's, 100,000 advanced. */
  const retirement = async (place: string) => {
    const requestId = await submitTravelRequest(api, staffToken, `${tag}${place}`, 100_000, `Fares to ${place} (${tag}).`);
    await approveByChain(api, requestId, chain, 'Fine');
    return attachRetirement(api, officerToken, requestId);
  };
  const pending = await retirement('Dodoma');
  const underReview = await retirement('Arusha');
  await submitRetirement(api, staffToken, underReview, 100_000, tag);
  const awaiting = await retirement('Mwanza');
  await submitRetirement(api, staffToken, awaiting, 95_000, tag);
  for (const token of chain) await acceptRetirement(api, token, awaiting);

  /** `account` signed in, the home shown, then the retirement opened in the app: its mf-retirements scripts. */
  const open = async (account: string, id: number, before?: (page: Page) => Promise<unknown>) => {
    const { page, dashboard } = await signInAs(account);
    await dashboard.expectTitle('Home');
    await before?.(page);
    const scripts = appScripts(page);
    await openInApp(page, `/dashboard/retirements/${id}`);
    return { page, main: page.getByRole('main'), scripts };
  };

  await test.step('a director reading a retirement under review: no form library', async () => {
    const { page, main, scripts } = await open(ACCOUNTS.director, underReview);
    await expect(main.getByTestId('review-block')).toHaveText('Waiting for Finance Officer');
    await expect(main).not.toContainText('Loading');
    expect(retirementFiles(scripts).length).toBeGreaterThan(0);
    expect(librariesIn(scripts)).toEqual([]);
    await photograph(page, 'director-under-review');
  });

  await test.step("the owner in edit mode: the form's libraries, not the phone rules, asked for while the page's chunk is held back", async () => {
    let release: () => void = () => undefined;
    const { page, main, scripts } = await open(ACCOUNTS.staff, pending, async (p) => {
      release = await holdScripts(p, /\/remotes\/mf-retirements\/page-retirement\.[0-9a-f]+\.js$/);
    });
    await expect
      .poll(() => retirementFiles(scripts).filter((file) => file.startsWith('part-retirement-submit.')), { timeout: 5_000 })
      .toHaveLength(1);
    expect(retirementFiles(scripts).some((file) => file.startsWith('page-retirement.'))).toBe(true);
    release();
    await expect(main.getByRole('button', { name: 'Submit Retirement' })).toBeVisible();
    expect(librariesIn(scripts)).toEqual(['formik', 'yup']);
    await photograph(page, 'owner-edit');
  });

  await test.step('finance with a settlement awaiting: the settlement form with the phone rules', async () => {
    const { page, main, scripts } = await open(ACCOUNTS.financeOfficer, awaiting);
    await expect(main.getByRole('region', { name: 'Settlement' }).getByRole('button', { name: 'Record settlement' })).toBeVisible();
    expect(librariesIn(scripts)).toEqual(['formik', 'yup', 'phone']);
    await photograph(page, 'finance-awaiting-settlement');
  });
});
