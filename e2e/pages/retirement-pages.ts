import { expect, type Locator, type Page } from '@playwright/test';
import { bodyRows, cellUnder } from './table';

/** `/dashboard/retirements` (mf-retirements): search, status filter, the SPEC columns; a row opens the form. */
export class RetirementListPage {
  readonly search: Locator;
  readonly status: Locator;
  readonly table: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.search = main.getByRole('searchbox', { name: 'Search retirements' });
    this.status = main.getByRole('combobox', { name: 'Status', exact: true });
    this.table = main.getByRole('table');
    this.rows = bodyRows(this.table);
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/retirements');
    await expect(this.search).toBeVisible();
  }

  /** Searches (after the 1000 ms debounce) and waits for exactly one matching row. */
  async find(text: string): Promise<Locator> {
    await this.search.fill(text);
    await expect(this.rows).toHaveCount(1);
    return this.rows.first();
  }

  cell(row: Locator, header: string): Promise<Locator> {
    return cellUnder(this.table, row, header);
  }
}

/** `/dashboard/retirements/{id}`: the Retirement Form in admin, edit or preview mode. */
export class RetirementFormPage {
  readonly heading: Locator;
  readonly mode: Locator;
  readonly statusLine: Locator;
  readonly warning: Locator;
  readonly amount: Locator;
  readonly comments: Locator;
  readonly files: Locator;
  readonly submit: Locator;
  readonly resubmit: Locator;
  readonly yourReview: Locator;
  readonly reviewComment: Locator;
  readonly reviews: Locator;
  readonly viewRequests: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 2, name: 'Retirement Form' });
    this.mode = main.locator('[data-mode]');
    this.statusLine = main.getByTestId('status-line');
    this.warning = main.getByRole('alert');
    this.amount = main.getByRole('textbox', { name: /^Total Amount Spent/ });
    this.comments = main.getByRole('textbox', { name: 'Comments for the reviewer' });
    this.files = main.locator('input[type=file]');
    this.submit = main.getByRole('button', { name: 'Submit Retirement' });
    this.resubmit = main.getByRole('button', { name: 'Request to Resubmit' });
    this.yourReview = main.getByRole('region', { name: 'Your review' });
    this.reviewComment = this.yourReview.getByRole('textbox', { name: 'Comment for the requester' });
    this.reviews = main.getByRole('region', { name: 'Reviews' }).first();
    this.viewRequests = main.getByRole('button', { name: 'View requests' });
  }

  async goto(id: number): Promise<void> {
    await this.page.goto(`/dashboard/retirements/${id}`);
    await expect(this.heading).toBeVisible();
  }

  success(title: 'Retirement Request successful!' | 'Retirement Review successful!'): Locator {
    return this.page.getByRole('main').getByRole('heading', { name: title });
  }

  cashReturned(): Locator {
    return this.yourReview.getByRole('checkbox', { name: /^Cash Returned \(/ });
  }

  /** Writes the comment and presses Accept or Reject; waits for 'Retirement Review successful!'. */
  async review(decision: 'Accept' | 'Reject', comment: string): Promise<void> {
    await this.reviewComment.fill(comment);
    await this.yourReview.getByRole('button', { name: decision, exact: true }).click();
    await expect(this.success('Retirement Review successful!')).toBeVisible();
  }

  reviewPanel(ordinal: 'First' | 'Second' | 'Third'): Locator {
    return this.reviews.getByRole('article', { name: `${ordinal} Reviewer` });
  }
}
