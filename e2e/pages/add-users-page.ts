import { expect, type Locator, type Page } from '@playwright/test';

/** What the preview calls each value of a row (the column headers, as the cell labels use them). */
export const PREVIEW_FIELDS = {
  fullname: 'Full Name',
  department: 'Department',
  phone: 'Phone Number',
  email: 'E-mail',
} as const;

/** `/dashboard/new-users` (mf-users): one user by form, or many from a CSV file with an editable preview. */
export class AddUsersPage {
  readonly single: Locator;
  readonly multiple: Locator;
  readonly downloadTemplate: Locator;
  readonly browse: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  /** Why Save is disabled ('Correct the row marked in red before saving.'). */
  readonly blocked: Locator;
  readonly added: Locator;
  readonly viewUsers: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.single = main.getByRole('radio', { name: 'Add Single User' });
    this.multiple = main.getByRole('radio', { name: 'Add Multiple Users' });
    this.downloadTemplate = main.getByRole('button', { name: 'Download Template' });
    this.browse = main.getByRole('button', { name: 'Browse' });
    this.save = main.getByRole('button', { name: 'Save', exact: true });
    this.cancel = main.getByRole('button', { name: 'Cancel', exact: true });
    this.blocked = main.getByRole('status').filter({ hasText: /before saving\.$/ });
    this.added = main.getByRole('heading', { name: 'User added!' });
    this.viewUsers = main.getByRole('button', { name: 'View Users' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/new-users');
    await expect(this.single).toBeVisible();
  }

  /** Chooses the file through the Browse button's file dialog, as a person does. */
  async uploadCsv(file: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.browse.click();
    await (await chooser).setFiles(file);
  }

  /** The preview list, named '3. Check the {n} users'. */
  preview(count: number): Locator {
    return this.page.getByRole('list', { name: `3. Check the ${count === 1 ? 'user' : `${count} users`}` });
  }

  /** One parsed row of the preview, numbered from 1 as in the file. */
  previewRow(index: number): Locator {
    return this.page.getByRole('listitem', { name: `Row ${index}`, exact: true });
  }

  /** A value of a preview row ('Row 2 Phone Number'). */
  cell(index: number, field: keyof typeof PREVIEW_FIELDS): Locator {
    return this.previewRow(index).getByLabel(`Row ${index} ${PREVIEW_FIELDS[field]}`, { exact: true });
  }
}
