import { expect, type Locator, type Page } from '@playwright/test';

/** `/dashboard/settings`, served by mf-settings. */
export class SettingsPage {
  readonly emailNotifications: Locator;
  readonly emailNotificationsLabel: Locator;
  readonly saved: Locator;

  constructor(readonly page: Page) {
    this.emailNotifications = page.getByRole('checkbox', { name: 'E-mail notifications' });
    this.emailNotificationsLabel = page.getByText('E-mail notifications', { exact: true });
    this.saved = page.getByRole('alert').filter({ hasText: 'Settings saved' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/settings');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(this.emailNotificationsLabel).toBeVisible();
  }

  async notificationsOn(): Promise<boolean> {
    return this.emailNotifications.isChecked();
  }

  /** The question Sign out everywhere asks before every session of the user ends. */
  get signOutQuestion(): Locator {
    return this.page.getByRole('dialog', { name: 'Sign out everywhere?' });
  }

  /** Flips the switch the way a user does, by its label, and waits for the save. */
  async toggleNotifications(): Promise<void> {
    await this.emailNotificationsLabel.click();
    await expect(this.saved).toBeVisible();
  }
}
