import { expect, type Locator, type Page } from '@playwright/test';
import { ListPage } from './list-page';

/** `/dashboard/users` (mf-users): search, the NAME / DEPARTMENT / EMAIL ADDRESS / SYSTEM ROLE table. */
export class UsersListPage extends ListPage {
  readonly noneFound: Locator;
  readonly notAllowed: Locator;

  constructor(page: Page) {
    super(page, '/dashboard/users', 'Search users');
    this.noneFound = this.main.getByText('No users found!', { exact: true });
    this.notAllowed = this.main.getByRole('alert').filter({ hasText: 'Only admins can see the users list.' });
  }

  /** Types into the search box; the list follows once the 1000 ms debounce has passed. */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
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
