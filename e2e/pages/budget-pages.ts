import { expect, type Locator, type Page } from '@playwright/test';
import { ListPage } from './list-page';

/** `/dashboard/budget` (mf-budget): search, pagination, NAME / CODE / AMOUNT / DEPARTMENT / STATUS. */
export class BudgetListPage extends ListPage {
  readonly noneFound: Locator;

  constructor(page: Page) {
    super(page, '/dashboard/budget', 'Search budget codes');
    this.noneFound = this.main.getByText('No budget codes found!', { exact: true });
  }

  /** The row's View link, named 'View {code} {name}'. */
  async open(code: number, name: string): Promise<void> {
    await this.table.getByRole('link', { name: `View ${code} ${name}`, exact: true }).click();
    await expect(this.page).toHaveURL(`/dashboard/budget/${code}`);
  }
}

/** `/dashboard/budget/{code}`: the facts, the Budget Requests table, Download Requests and Edit Budget for finance. */
export class BudgetDetailPage {
  readonly heading: Locator;
  readonly editBudget: Locator;
  readonly downloadRequests: Locator;
  readonly requestsHeading: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 2 }).first();
    this.editBudget = main.getByRole('button', { name: 'Edit Budget', exact: true });
    this.downloadRequests = main.getByRole('button', { name: 'Download Requests', exact: true });
    this.requestsHeading = main.getByRole('heading', { name: 'Budget Requests' });
  }

  async expectShown(code: number, name: string): Promise<void> {
    await expect(this.page).toHaveURL(`/dashboard/budget/${code}`);
    await expect(this.page.getByTestId('page-title')).toHaveText(`Budget - ${code}`);
    await expect(this.heading).toHaveText(name);
  }

  /** A fact box (Budget Amount, Remaining Balance, Expense, Branch): its label, then its value. */
  fact(label: string): Locator {
    return this.page.getByRole('main').getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  }
}

/** `/dashboard/new-budget` and `/dashboard/edit-budget/{code}`: the budget form and its success panels. */
export class BudgetFormPage {
  readonly name: Locator;
  readonly amount: Locator;
  readonly department: Locator;
  readonly currency: Locator;
  readonly category: Locator;
  readonly branch: Locator;
  readonly costCode: Locator;
  readonly description: Locator;
  /** 'Budget code: 4237', computed as the user types. */
  readonly liveCode: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly archive: Locator;
  readonly reactivate: Locator;
  readonly goBack: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.name = main.getByRole('textbox', { name: 'Name', exact: true });
    this.amount = main.getByRole('textbox', { name: 'Amount', exact: true });
    this.department = main.getByRole('combobox', { name: 'Department', exact: true });
    this.currency = main.getByRole('combobox', { name: 'Currency', exact: true });
    this.category = main.getByRole('combobox', { name: 'Expense Category', exact: true });
    this.branch = main.getByRole('combobox', { name: 'Branch', exact: true });
    this.costCode = main.getByRole('textbox', { name: 'Cost Code', exact: true });
    this.description = main.getByRole('textbox', { name: 'Description', exact: true });
    this.liveCode = main.getByTestId('live-code');
    this.save = main.getByRole('button', { name: 'Save', exact: true });
    this.cancel = main.getByRole('button', { name: 'Cancel', exact: true });
    // .first(): the confirming dialog has a button of the same name
    this.archive = main.getByRole('button', { name: 'Archive', exact: true }).first();
    this.reactivate = main.getByRole('button', { name: 'Re-activate', exact: true }).first();
    this.goBack = main.getByRole('button', { name: 'Go Back', exact: true });
  }

  /** Archive or Re-activate, answering yes to the question that follows. */
  async setArchived(archived: boolean): Promise<void> {
    await (archived ? this.archive : this.reactivate).click();
    const word = archived ? 'Archive' : 'Re-activate';
    await this.page
      .getByRole('dialog', { name: `${word} budget code` })
      .getByRole('button', { name: word, exact: true })
      .click();
  }

  /** A success panel's title and subtitle. */
  successPanel(title: string, subtitle: string): Locator {
    return this.page
      .getByRole('main')
      .locator('div')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) })
      .filter({ hasText: subtitle })
      .last();
  }

  /** The message under a field, e.g. 'code must be less than or equal to 99'. */
  errorText(message: string): Locator {
    return this.page.getByRole('main').getByText(message, { exact: true });
  }
}
