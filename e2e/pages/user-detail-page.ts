import { expect, type Locator, type Page } from '@playwright/test';

/** The six values of a user as the detail form labels them. */
export const USER_FIELDS = {
  fullname: 'Full Name',
  department: 'Department',
  position: 'Position',
  phone: 'Phone Number',
  email: 'E-mail',
  systemRole: 'System Role',
} as const;

/** `/dashboard/view-user/{id}` (mf-users): the user's values, Edit / Update User, Delete, account facts, Restrict Requests. */
export class UserDetailPage {
  readonly form: Locator;
  readonly heading: Locator;
  readonly back: Locator;
  readonly edit: Locator;
  readonly cancel: Locator;
  readonly update: Locator;
  readonly delete: Locator;
  readonly updated: Locator;
  readonly identityLocked: Locator;
  readonly account: Locator;
  readonly restrictPanel: Locator;
  readonly lock: Locator;
  readonly unlock: Locator;
  readonly deleteDialog: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.form = main.locator('form');
    this.heading = main.getByRole('heading', { level: 2 }).first();
    this.back = main.getByRole('button', { name: 'Back', exact: true });
    this.edit = main.getByRole('button', { name: 'Edit', exact: true });
    this.cancel = this.form.getByRole('button', { name: 'Cancel', exact: true });
    this.update = main.getByRole('button', { name: 'Update User', exact: true });
    this.delete = this.form.getByRole('button', { name: 'Delete', exact: true });
    this.updated = main.getByRole('alert').filter({ hasText: 'User updated.' });
    this.identityLocked = main.getByText(
      "Only directors can change the name, department, position and system role, and another user's e-mail address.",
      { exact: true },
    );
    this.account = main.locator('section').filter({ has: page.getByRole('heading', { name: 'Account', exact: true }) });
    this.restrictPanel = main.getByRole('region', { name: 'Restrict Requests' });
    // .first(): the confirming dialog, inside the panel, has a button of the same name
    this.lock = this.restrictPanel.getByRole('button', { name: 'Lock', exact: true }).first();
    this.unlock = this.restrictPanel.getByRole('button', { name: 'Unlock', exact: true }).first();
    this.deleteDialog = page.getByRole('dialog', { name: 'Delete user' });
  }

  /** Lock or Unlock, answering yes to the question that follows. */
  async setLocked(locked: boolean): Promise<void> {
    await (locked ? this.lock : this.unlock).click();
    const word = locked ? 'Lock' : 'Unlock';
    await this.page
      .getByRole('dialog', { name: `${word} user` })
      .getByRole('button', { name: word, exact: true })
      .click();
  }

  async expectShown(name: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/dashboard\/view-user\/\d+$/);
    await expect(this.page.getByTestId('page-title')).toHaveText('View User');
    await expect(this.heading).toHaveText(name);
  }

  /** A value of the user by its label: a text box, or a select while editing. */
  field(name: keyof typeof USER_FIELDS): Locator {
    const label = { name: USER_FIELDS[name], exact: true };
    return this.form.getByRole('textbox', label).or(this.form.getByRole('combobox', label));
  }

  /** A read-only fact of the Account panel (Created On, Payment Request, Last Logged In, …). */
  fact(label: string): Locator {
    return this.account.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  factLabel(label: string): Locator {
    return this.account.locator('dt', { hasText: label });
  }
}
