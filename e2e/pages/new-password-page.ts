import { expect, type Locator, type Page } from '@playwright/test';

/** `/new-password` (reached from the e-mailed link) and the `/success-auth` page after it. */
export class NewPasswordPage {
  readonly heading: Locator;
  readonly password: Locator;
  readonly confirm: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly successHeading: Locator;
  readonly goToLogIn: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New Password' });
    this.password = page.getByRole('textbox', { name: 'New Password', exact: true });
    this.confirm = page.getByRole('textbox', { name: 'Confirm Password', exact: true });
    this.submit = page.getByRole('button', { name: 'Reset Password' });
    this.error = page.getByRole('alert');
    this.successHeading = page.getByRole('heading', { name: 'Successful!' });
    this.goToLogIn = page.getByRole('button', { name: 'Go to Log In Page' });
  }

  /** Opens the link of a reset e-mail; the link page forwards to /new-password. */
  async openLink(link: URL | string): Promise<void> {
    await this.page.goto(link.toString());
    await expect(this.page).toHaveURL(/\/new-password$/);
    await expect(this.heading).toBeVisible();
  }

  async choose(password: string, confirmation = password): Promise<void> {
    await this.password.fill(password);
    await this.confirm.fill(confirmation);
    await this.submit.click();
  }

  async expectSuccess(): Promise<void> {
    await expect(this.page).toHaveURL(/\/success-auth$/);
    await expect(this.successHeading).toBeVisible();
    await expect(this.goToLogIn).toBeVisible();
  }
}
