import { expect, type Locator, type Page } from '@playwright/test';

/** `/`: e-mail, password, 'Sign In', and the 'Reset Password' link. */
export class SignInPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly resetPasswordLink: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Sign In' });
    this.email = page.getByRole('textbox', { name: 'Email', exact: true });
    this.password = page.getByRole('textbox', { name: 'Password', exact: true });
    this.submit = page.getByRole('button', { name: 'Sign In' });
    this.resetPasswordLink = page.getByRole('link', { name: 'Reset Password' });
    this.error = page.getByRole('alert');
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.heading).toBeVisible();
  }

  async submitCredentials(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Signs in and waits for the dashboard. */
  async signIn(email: string, password: string): Promise<void> {
    await this.submitCredentials(email, password);
    await expect(this.page).toHaveURL(/\/dashboard$/);
  }
}
