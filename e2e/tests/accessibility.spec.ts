// WCAG 2.2 AA: axe-core on every page, at desktop and phone width, as the roles that use
// them. The standard is 0 serious or critical violations, and none at all of the rules in ALWAYS;
// each one found is listed by page and rule.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { afterNextPaint } from '../support/settled';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import type { Mailbox } from '../support/mailbox';
import {
  apiSignIn,
  approveByChain,
  attachRetirement,
  createUserWithPassword,
  currentUser,
  isoDay,
  type NewUserValues,
  submitRequest,
  uniqueTag,
} from '../support/api';

const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** Held to whatever axe's impact: the problems found before (2.5.3, 1.3.1), which axe rates moderate. */
const ALWAYS = [
  'heading-order',
  'empty-table-header',
  'label-content-name-mismatch',
  'page-has-heading-one',
  'landmark-one-main',
  'region',
  'skip-link',
];
/** A seeded active code in TZS that every department may use. */
const SEEDED_CODE = 5010;

interface Finding {
  page: string;
  width: string;
  rule: string;
  impact: string;
  targets: string[];
  html: string;
}

/** Waits until the screen has settled: its title shown and no loading spinner left in main. */
async function settled(page: Page, title?: string | RegExp): Promise<void> {
  if (title) await expect(page.getByTestId('page-title')).toHaveText(title);
  // the public pages and the remotes load lazily: a page is there once its h1 and main are
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('main [role="status"][aria-label^="Loading"], main .chakra-spinner')).toHaveCount(0);
  // a list refreshing behind its shown rows (aria-busy) is audited once its answer is in
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Runs axe on each path at both widths and returns the serious and critical findings. A path is
 * loaded once, at desktop width, then audited again at phone width: the layout follows the width
 * (media queries, and the frame's menu through matchMedia), so a second load only cost time.
 */
async function audit(page: Page, paths: readonly (readonly [string, (string | RegExp)?])[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const [path, title] of paths) {
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto(path);
    for (const [width, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      await afterNextPaint(page);
      await settled(page, title);
      // label-content-name-mismatch is experimental in axe, so off unless asked for. Legacy mode runs
      // axe.run in the page, not runPartial there and finishRun in a second, blank page: 2.0 → 0.9 s
      // an audit here. What it leaves out, cross-origin frames, no page of the app has.
      const result = await new AxeBuilder({ page })
        .withTags(TAGS)
        .setLegacyMode(true)
        .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
        .analyze();
      for (const violation of result.violations) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical' && !ALWAYS.includes(violation.id)) continue;
        const nodes = violation.nodes;
        findings.push({
          page: path,
          width,
          rule: violation.id,
          impact: violation.impact ?? '',
          targets: nodes.map((n) => n.target.join(' ')),
          html: nodes[0]?.html.slice(0, 200) ?? '',
        });
      }
    }
  }
  return findings;
}

function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.page} @${f.width}: ${f.rule} (${f.impact}) at ${f.targets.slice(0, 3).join(' | ')}: ${f.html}`)
    .join('\n');
}

/** Names as long as real ones get: they widen every table until a phone has to scroll it sideways. */
const LONG_NAME = 'Zuhura Ñandú Mwanaisha Abdallah-Kilimanjaro wa Mwakasege';
const LONG_SUPPLIER = 'Kampuni ya Usafirishaji wa Abiria Dar es Salaam–Tanga–Arusha Limited';

async function staffRequest(api: APIRequestContext, token: string): Promise<number> {
  const tag = uniqueTag();
  const { id } = await submitRequest(api, token, {
    purpose: 'travel',
    mode_of_service: 'publicTransport',
    name_of_establishment: `${LONG_SUPPLIER} ${tag}`,
    expenditure_date: isoDay(7),
    expenditure_justification: `Visit to the Tanga STEM park (${tag})`,
    amount_requested: 120_000,
    amount_currency: 'tzs',
    budget_code: SEEDED_CODE,
    payment_mode: 'cash',
    tax_status: 'taxInclusive',
    file_paths: [],
  });
  return id;
}

test.describe('axe finds no serious or critical violation', () => {
  // axe's run is CPU work in the page (seconds a page on two busy cores), and these walk several pages
  test.slow();
  test('on the public pages', async ({ page }) => {
    const findings = await audit(page, [
      ['/'],
      ['/reset-password'],
      ['/reset-link?token=not-a-real-token&email=staff%40example.org'],
      ['/success-auth'],
    ]);
    expect(findings, report(findings)).toEqual([]);
  });

  test('on the pages a director uses', async ({ page, request, signInPage }) => {
    const staffToken = await apiSignIn(request, ACCOUNTS.stemParkManager, DEMO_PASSWORD);
    const someone = await currentUser(request, staffToken);
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
    const findings = await audit(page, [
      ['/dashboard/requests', 'Requests'],
      ['/dashboard/users', 'Users'],
      ['/dashboard/new-users', 'New Users'],
      [`/dashboard/view-user/${someone.id}`, 'View User'],
      ['/dashboard/approval-matrix', 'Approval Matrix'],
      ['/dashboard/approval-object', 'New Approval Details'],
      ['/dashboard/retirements', 'Retirement'],
    ]);
    expect(findings, report(findings)).toEqual([]);
  });
});

/** A staff member with a long name, their request approved and waiting to be retired, and one awaiting finance. */
async function longNamedOwner(api: APIRequestContext, mailbox: Mailbox) {
  const tag = uniqueTag();
  const email = `long.name.${tag}@example.org`.toLowerCase();
  const password = `Long-names-${tag}`;
  const director = await apiSignIn(api, ACCOUNTS.director, DEMO_PASSWORD);
  const person: NewUserValues = {
    fullname: `${LONG_NAME} ${tag}`,
    department: 'outreach',
    phone_number: '0755000998',
    email,
    role: 'staff',
    system_role: 'staff',
  };
  await createUserWithPassword(api, mailbox, director, person, password);
  const owner = await apiSignIn(api, email, password);
  const finance = await apiSignIn(api, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  const approved = await staffRequest(api, owner);
  await approveByChain(api, approved, [finance, await apiSignIn(api, ACCOUNTS.executiveSecretary, DEMO_PASSWORD)]);
  const retirement = await attachRetirement(api, finance, approved);
  // waits for the finance officer: a row of their home's Recent Requests
  const waiting = await staffRequest(api, owner);
  return { email, password, approved, retirement, waiting };
}

// One test per role, so the two workers share the ~40 axe runs: as one test it outlasted 240 s in CI
// on two busy cores.
test.describe('axe finds no serious or critical violation with long names', () => {
  test.slow();
  test('on every page staff use, in Staff mode', async ({ page, request: api, signInPage, mailbox }) => {
    const { email, password, approved, retirement } = await longNamedOwner(api, mailbox);
    await signInPage.goto();
    await signInPage.signIn(email, password);
    const findings = await audit(page, [
      ['/dashboard', 'Home'],
      ['/dashboard/requests', 'Requests'],
      [`/dashboard/view-request/${approved}`, 'View Request'],
      ['/dashboard/new-requests', 'New Requests'],
      ['/dashboard/retirements', 'Retirement'],
      [`/dashboard/retirements/${retirement}`],
      ['/dashboard/budget', 'Budget'],
      ['/dashboard/settings', 'Settings'],
    ]);
    expect(findings, report(findings)).toEqual([]);
  });

  test('on every page a finance officer uses, in Admin mode', async ({ page, request: api, signInPage, mailbox }) => {
    // 13 pages at two widths
    test.setTimeout(300_000);
    const { approved, retirement, waiting } = await longNamedOwner(api, mailbox);
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);
    const findings = await audit(page, [
      ['/dashboard', 'Home'],
      ['/dashboard/requests', 'Requests'],
      [`/dashboard/view-request/${waiting}`, 'View Request'],
      [`/dashboard/view-request/${approved}`, 'View Request'],
      ['/dashboard/retirements', 'Retirement'],
      [`/dashboard/retirements/${retirement}`],
      ['/dashboard/budget', 'Budget'],
      [`/dashboard/budget/${SEEDED_CODE}`, new RegExp(`^Budget - `)],
      ['/dashboard/budget/reports'],
      ['/dashboard/new-budget', 'New Budget'],
      [`/dashboard/edit-budget/${SEEDED_CODE}`],
      ['/dashboard/settings', 'Settings'],
      ['/dashboard/approval-matrix', 'Approval Matrix'],
    ]);
    expect(findings, report(findings)).toEqual([]);
  });
});

test('a keyboard user skips the menus, hears each new page by its heading, and runs the user menu with the arrow keys', async ({
  page,
  signInPage,
  dashboard,
}) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.admin, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(dashboard.main).toBeFocused();

  await dashboard.openFromMenu('Requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeFocused();

  await dashboard.userMenu.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(dashboard.userMenu).toBeFocused();
});
