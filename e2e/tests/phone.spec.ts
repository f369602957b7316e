// docs/screens.md Layout at phone and desktop sizes, with screenshots of sign-in, dashboard and settings
// attached to the report (and kept in test-results/screenshots/).
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { isoDay, submitRequest, uniqueTag } from '../support/api';

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
