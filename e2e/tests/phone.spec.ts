// docs/screens.md Layout at phone and desktop sizes, with screenshots of sign-in, dashboard and settings
// attached to the report (and kept in test-results/screenshots/).
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, approveByChain, attachRetirement, createUserWithPassword, isoDay, submitRequest, uniqueTag } from '../support/api';

/** How far the page is wider than the screen (0 when nothing scrolls sideways). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth,
  );
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = path.join(testInfo.project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the side menu gives way to a footer without Retirements', async ({ page, signInPage, dashboard, settingsPage }, testInfo) => {
    await signInPage.goto();
    await screenshot(page, testInfo, 'phone-sign-in');
    await signInPage.signIn(ACCOUNTS.stemParkManager, DEMO_PASSWORD);
    await dashboard.expectTitle('Home');
    await expect(dashboard.main.getByRole('region', { name: 'Recent Requests' })).toBeVisible();

    await expect(dashboard.sideMenu).toBeHidden();
    await expect(dashboard.footer).toBeVisible();
    await expect(dashboard.footerItems).toHaveText(['Requests', 'Users', 'Budget', 'Settings']);
    await expect(dashboard.footer.getByRole('link', { name: 'Retirements' })).toHaveCount(0);
    await screenshot(page, testInfo, 'phone-dashboard');

    await dashboard.footer.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL('/dashboard/settings');
    await dashboard.expectTitle('Settings');
    await settingsPage.expectShown();
    await screenshot(page, testInfo, 'phone-settings');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the requests list and a request’s detail fit the screen', async ({
    page,
    request,
    signInPage,
    dashboard,
    requestsList,
    requestDetail,
  }, testInfo) => {
    const tag = uniqueTag();
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.staff2, DEMO_PASSWORD);
    // long words are what push a narrow page sideways
    await submitRequest(request, (await dashboard.storedSession())!.token!, {
      purpose: 'accomodation',
      mode_of_service: 'hotel',
      name_of_establishment: `Kilimanjaro Wonders Hotel and Conference Centre ${tag}`,
      expenditure_date: isoDay(14),
      expenditure_justification: `Two nights for the regional STEM teachers' workshop; reference ${tag}-ACCOMMODATION-BOOKING-CONFIRMATION-NUMBER-0000123456789.`,
      amount_requested: 1_234_567,
      amount_currency: 'tzs',
      budget_code: 5010,
      payment_mode: 'bank_transfer',
      tax_status: 'taxExclusive',
      file_paths: [],
    });

    await dashboard.footer.getByRole('link', { name: 'Requests' }).click();
    await expect(page).toHaveURL('/dashboard/requests');
    const row = await requestsList.find(tag);
    await expect(await requestsList.cell(row, 'AMOUNT')).toHaveText('TZS 1,234,567');
    await expect(await requestsList.cell(row, 'STATUS')).toHaveText('Pending');
    await expect(row.getByRole('link', { name: /^View .+ request of / })).toBeInViewport();
    expect(await horizontalOverflow(page), 'the list scrolls sideways').toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'phone-requests-list');

    await requestsList.open(row);
    await requestDetail.expectShown('Accommodation');
    await expect(requestDetail.fact('Amount requested')).toHaveText('TZS 1,234,567');
    await expect(requestDetail.version).toBeVisible();
    await expect(requestDetail.reviewPanel('First')).toBeVisible();
    expect(await horizontalOverflow(page), 'the detail scrolls sideways').toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'phone-request-detail');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  // The footer has no Retirements (docs/screens.md) and the user menu only Settings and Log Out: the
  // home and the request lead a field worker to what they owe.
  test('a field worker reaches the retirement they owe from the home’s warning, the Unretired tile and the request', async ({
    page,
    request,
    mailbox,
    signInPage,
    dashboard,
    requestDetail,
  }, testInfo) => {
    const tag = uniqueTag();
    const email = `retire.${tag}@example.org`;
    const password = `Field-${tag}-2026`;
    const director = await apiSignIn(request, ACCOUNTS.director, DEMO_PASSWORD);
    await createUserWithPassword(
      request,
      mailbox,
      director,
      { fullname: `Zawadi Field ${tag}`, department: 'outreach', phone_number: '0755000888', email, role: 'staff', system_role: 'staff' },
      password,
    );
    const owner = await apiSignIn(request, email, password);
    const finance = await apiSignIn(request, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
    const { id } = await submitRequest(request, owner, {
      purpose: 'travel',
      mode_of_service: 'publicTransport',
      name_of_establishment: `Tanga Coach ${tag}`,
      expenditure_date: isoDay(2),
      expenditure_justification: 'Outreach visit to Tanga schools',
      amount_requested: 60_000,
      amount_currency: 'tzs',
      budget_code: 5010,
      payment_mode: 'cash',
      tax_status: 'taxInclusive',
      file_paths: [],
    });
    await approveByChain(request, id, [finance, await apiSignIn(request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD)]);
    const retirementId = await attachRetirement(request, finance, id);
    const form = `/dashboard/retirements/${retirementId}`;

    await signInPage.goto();
    await signInPage.signIn(email, password);
    await dashboard.expectTitle('Home');
    await expect(dashboard.footer.getByRole('link', { name: 'Retirements' })).toHaveCount(0);

    await test.step('the due-date warning opens the Retirement Form of that retirement', async () => {
      const warnings = page.getByTestId('retirement-warnings');
      await expect(warnings).toBeVisible();
      await screenshot(page, testInfo, 'phone-home-owed');
      await warnings.getByRole('link', { name: /Open Retirement Form/ }).tap();
      await expect(page).toHaveURL(form);
      await expect(page.getByRole('main').getByRole('heading', { name: 'Retirement Form' })).toBeVisible();
    });

    await test.step('the Unretired Requests tile opens the retirement list at what is owed, and the address keeps it', async () => {
      await page.goto('/dashboard');
      await page
        .getByRole('main')
        .getByRole('link', { name: /Unretired Requests/ })
        .tap();
      await expect(page).toHaveURL('/dashboard/retirements?owed=true');
      await expect(page.getByTestId('owed-filter')).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(tag) });
      await expect(row).toContainText('Not Submitted');
      expect(await horizontalOverflow(page), 'the list scrolls sideways').toBeLessThanOrEqual(0);
      await screenshot(page, testInfo, 'phone-retirements-owed');
      await page.reload();
      await expect(page.getByTestId('owed-filter')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(tag) })).toBeVisible();
      await row.tap();
      await expect(page).toHaveURL(form);
    });

    await test.step('the request’s detail links its retirement', async () => {
      await page.goto(`/dashboard/view-request/${id}`);
      await requestDetail.expectShown('Travel');
      const open = page.getByRole('main').getByRole('button', { name: 'Open Retirement Form' });
      await expect(open).toBeVisible();
      await screenshot(page, testInfo, 'phone-request-retirement');
      await open.tap();
      await expect(page).toHaveURL(form);
    });

    await test.step('the same at 1280 px', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/dashboard');
      await expect(page.getByTestId('retirement-warnings')).toBeVisible();
      await screenshot(page, testInfo, 'desktop-home-owed');
      await page.goto('/dashboard/retirements?owed=true');
      await expect(page.getByRole('row', { name: new RegExp(tag) })).toBeVisible();
      await screenshot(page, testInfo, 'desktop-retirements-owed');
    });
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the side menu shows and the footer does not', async ({ page, signInPage, dashboard, settingsPage }, testInfo) => {
    await signInPage.goto();
    await screenshot(page, testInfo, 'desktop-sign-in');
    await signInPage.signIn(ACCOUNTS.stemParkManager, DEMO_PASSWORD);
    await dashboard.expectTitle('Home');
    await expect(dashboard.main.getByRole('region', { name: 'Recent Requests' })).toBeVisible();

    await expect(dashboard.sideMenu).toBeVisible();
    await expect(dashboard.footer).toBeHidden();
    await screenshot(page, testInfo, 'desktop-dashboard');

    await dashboard.openFromMenu('Settings');
    await settingsPage.expectShown();
    await screenshot(page, testInfo, 'desktop-settings');
  });
});
