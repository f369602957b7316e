// SPEC §2 Layout at phone and desktop sizes, with screenshots of sign-in, dashboard and settings
// attached to the report (and kept in test-results/screenshots/).
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';

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
    await expect(dashboard.comingSoonPanel('Recent Requests')).toBeVisible();

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

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the side menu shows and the footer does not', async ({ page, signInPage, dashboard, settingsPage }, testInfo) => {
    await signInPage.goto();
    await screenshot(page, testInfo, 'desktop-sign-in');
    await signInPage.signIn(ACCOUNTS.stemParkManager, DEMO_PASSWORD);
    await dashboard.expectTitle('Home');
    await expect(dashboard.comingSoonPanel('Recent Requests')).toBeVisible();

    await expect(dashboard.sideMenu).toBeVisible();
    await expect(dashboard.footer).toBeHidden();
    await screenshot(page, testInfo, 'desktop-dashboard');

    await dashboard.openFromMenu('Settings');
    await settingsPage.expectShown();
    await screenshot(page, testInfo, 'desktop-settings');
  });
});
