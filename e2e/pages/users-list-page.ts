import { expect, type Locator, type Page } from '@playwright/test';

/** `/dashboard/users` (mf-users): search, the NAME / DEPARTMENT / EMAIL ADDRESS / SYSTEM ROLE table. */
export class UsersListPage {
  readonly search: Locator;
  readonly table: Locator;
  /** The table's body rows (the header row has no cells). */
  readonly rows: Locator;
  readonly noneFound: Locator;
  readonly notAllowed: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.search = main.getByRole('searchbox', { name: 'Search users' });
    this.table = main.getByRole('table');
    this.rows = this.table.getByRole('row').filter({ has: page.getByRole('cell') });
    this.noneFound = main.getByText('No users found!', { exact: true });
    this.notAllowed = main.getByRole('alert').filter({ hasText: 'Only admins can see the users list.' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/users');
    await expect(this.search).toBeVisible();
  }

  /** Types into the search box; the list follows once the 1000 ms debounce has passed. */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }

  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }

  /** The row's View link, named 'View {name}'. */
  async open(name: string): Promise<void> {
    await this.table.getByRole('link', { name: `View ${name}`, exact: true }).click();
    await expect(this.page).toHaveURL(/\/dashboard\/view-user\/\d+$/);
  }

  /** Searches for the person and opens their detail page from the list. */
  async findAndOpen(search: string, name: string): Promise<void> {
    await this.searchFor(search);
    await expect(this.row(name)).toBeVisible();
    await this.open(name);
  }
}
