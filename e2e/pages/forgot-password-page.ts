import { expect, type Locator, type Page } from '@playwright/test';

/** `/reset-password` (also `/reset`): asks for a reset link by e-mail. */
export class ForgotPasswordPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly send: Locator;
  readonly back: Locator;
  readonly message: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Reset Password' });
    this.email = page.getByRole('textbox', { name: 'Email', exact: true });
    this.send = page.getByRole('button', { name: 'Send Reset Link' });
    this.back = page.getByRole('button', { name: 'Back' });
    this.message = page.getByRole('alert');
  }

  async goto(path: '/reset-password' | '/reset' = '/reset-password'): Promise<void> {
    await this.page.goto(path);
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.email).toBeVisible();
    await expect(this.send).toBeVisible();
  }

  async requestLink(email: string): Promise<void> {
    await this.email.fill(email);
    await this.send.click();
  }
}
