import { expect, type Locator, type Page } from '@playwright/test';
import { bodyRows, cellUnder } from './table';

/** A list page of the dashboard: its search box, its table and the table's body rows. */
export class ListPage {
  readonly main: Locator;
  readonly search: Locator;
  readonly table: Locator;
  readonly rows: Locator;

  /** `path` is where the list lives, `searchName` its search box's accessible name. */
  constructor(
    readonly page: Page,
    private readonly path: string,
    searchName: string,
  ) {
    this.main = page.getByRole('main');
    this.search = this.main.getByRole('searchbox', { name: searchName });
    this.table = this.main.getByRole('table');
    this.rows = bodyRows(this.table);
  }

  async goto(): Promise<void> {
    await this.page.goto(this.path);
    await expect(this.search).toBeVisible();
  }

  /** Searches (the list follows after the 1000 ms debounce) and waits for exactly one matching row. */
  async find(text: string): Promise<Locator> {
    await this.search.fill(text);
    await expect(this.rows).toHaveCount(1);
    return this.rows.first();
  }

  /** The rows showing `text`. */
  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  /** The row's cell under a column header, e.g. cell(row, 'STATUS'). */
  cell(row: Locator, header: string): Promise<Locator> {
    return cellUnder(this.table, row, header);
  }

  /** The status filter of a list that has one. */
  statusFilter(): Locator {
    return this.main.getByRole('combobox', { name: 'Status', exact: true });
  }
}
