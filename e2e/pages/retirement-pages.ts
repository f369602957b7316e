import { expect, type Locator, type Page } from '@playwright/test';
import { ListPage } from './list-page';

/** `/dashboard/retirements` (mf-retirements): search, status filter, the SPEC columns; a row opens the form. */
export class RetirementListPage extends ListPage {
  readonly status: Locator;

  constructor(page: Page) {
    super(page, '/dashboard/retirements', 'Search retirements');
    this.status = this.statusFilter();
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
  /** Take photo's input: the phone's back camera. */
  readonly camera: Locator;
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
    this.files = main.getByLabel('Choose files');
    this.camera = main.locator('input[type=file][capture]');
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
