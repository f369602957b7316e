import { expect, type Locator, type Page } from '@playwright/test';
import { ListPage } from './list-page';
import { bodyRows } from './table';

/** `/dashboard/requests` (mf-requests): search, status filter, NAME / PURPOSE / EXPENDITURE DATE / AMOUNT / STATUS. */
export class RequestsListPage extends ListPage {
  readonly status: Locator;
  readonly noneFound: Locator;

  constructor(page: Page) {
    super(page, '/dashboard/requests', 'Search requests');
    this.status = this.statusFilter();
    this.noneFound = this.main.getByText('No requests found!', { exact: true });
  }

  /** The row's action link, named 'View {purpose} request of {owner}': opens the detail page. */
  async open(row: Locator): Promise<void> {
    await row.getByRole('link', { name: /^View .+ request of / }).click();
    await expect(this.page).toHaveURL(/\/dashboard\/(requests|view-request)\/\d+$/);
  }
}

/** `/dashboard` in mf-requests: the summary tiles and the Recent Requests table. */
export class RequestsHomePage {
  readonly recent: Locator;
  readonly recentRows: Locator;

  constructor(readonly page: Page) {
    this.recent = page.getByRole('main').getByRole('region', { name: 'Recent Requests' });
    this.recentRows = bodyRows(this.recent.getByRole('table'));
  }

  /** A tile's number by its SPEC title ('Request Pending Approval', 'Approved Requests', …). */
  tile(title: string): Locator {
    return this.page.getByRole('main').getByText(title, { exact: true }).locator('xpath=following-sibling::*[1]');
  }
}

/** The dd that a dt of exactly `term` introduces, inside `scope`. */
function definitionOf(scope: Locator, term: string): Locator {
  const exact = new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return scope.locator('dt', { hasText: exact }).locator('xpath=following-sibling::dd[1]');
}

/** The facts of a request as the detail page labels them. */
export type RequestFact =
  | 'Name'
  | 'Department'
  | 'Purpose of expenditure'
  | 'Mode'
  | 'Name of Establishment'
  | 'Name of Transporter'
  | 'Intended expenditure date'
  | 'Justification'
  | 'Amount requested'
  | 'Budget code'
  | 'Means of payment'
  | 'Amounts are:'
  | 'Status';

/** `/dashboard/requests/{id}` and `/dashboard/view-request/{id}`: versions, progress, facts, reviews, actions. */
export class RequestDetailPage {
  readonly heading: Locator;
  readonly version: Locator;
  readonly historyNote: Locator;
  readonly progress: Locator;
  readonly facts: Locator;
  readonly reviews: Locator;
  readonly approvalNumber: Locator;
  readonly yourReview: Locator;
  readonly comment: Locator;
  readonly accept: Locator;
  readonly reject: Locator;
  readonly returnForEdits: Locator;
  readonly reviewSaved: Locator;
  readonly edit: Locator;
  readonly back: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 2, name: /^Approval Request for / });
    this.version = main.getByRole('combobox', { name: 'Select request version' });
    this.historyNote = main.getByText(/^You are looking at version \d+, an earlier version of this request\. It is read-only\.$/);
    this.progress = main.getByRole('list', { name: 'Request progress' });
    this.facts = main.getByRole('region', { name: 'Request details' });
    this.reviews = main.getByRole('region', { name: 'Reviews' });
    this.approvalNumber = main.getByRole('region', { name: 'Approval number' }).getByTestId('approval-number');
    this.yourReview = main.getByRole('region', { name: 'Your review' });
    this.comment = this.yourReview.getByRole('textbox', { name: 'Comment for the requester' });
    this.accept = this.yourReview.getByRole('button', { name: 'Accept', exact: true });
    this.reject = this.yourReview.getByRole('button', { name: 'Reject', exact: true });
    this.returnForEdits = this.yourReview.getByRole('button', { name: 'Return for Edits', exact: true });
    this.reviewSaved = this.yourReview.getByText('Your review was saved.', { exact: true });
    this.edit = main.getByRole('button', { name: 'Edit', exact: true });
    this.back = main.getByRole('button', { name: 'Back', exact: true });
  }

  /** Under /dashboard/view-request/{id} the title is 'View Request' (SPEC "Page titles"); the list's action opens /dashboard/requests/{id}. */
  async expectShown(purpose: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/dashboard\/(requests|view-request)\/\d+$/);
    if (new URL(this.page.url()).pathname.startsWith('/dashboard/view-request/'))
      await expect(this.page.getByTestId('page-title')).toHaveText('View Request');
    await expect(this.heading).toHaveText(`Approval Request for ${purpose}`);
  }

  /** The id in the address: the version the page was opened on. */
  idFromUrl(): number {
    const id = Number(/\/(\d+)$/.exec(new URL(this.page.url()).pathname)?.[1]);
    expect(id, `a request id in ${this.page.url()}`).toBeGreaterThan(0);
    return id;
  }

  /** A fact's value by its label. */
  fact(label: RequestFact): Locator {
    return definitionOf(this.facts, label);
  }

  /** The panel of a chain step: 'First Reviewer', 'Second Reviewer', … */
  reviewPanel(ordinal: 'First' | 'Second' | 'Third' | 'Fourth'): Locator {
    return this.reviews.getByRole('article', { name: `${ordinal} Reviewer` });
  }

  /** The 'Changes from version N' section of a resubmission. */
  changes(fromVersion: number): Locator {
    return this.page.getByRole('main').getByRole('region', { name: `Changes from version ${fromVersion}` });
  }

  /** The fields the resubmission changed, as the section names them. */
  changedFields(fromVersion: number): Locator {
    return this.changes(fromVersion).locator('dt');
  }

  /** A changed field's values, read as 'Before {old} After {new}' (match with useInnerText). */
  change(fromVersion: number, field: string): Locator {
    return definitionOf(this.changes(fromVersion), field);
  }

  /** Writes the comment and presses one of the review buttons; waits until the review is saved. */
  async review(decision: 'Accept' | 'Reject' | 'Return for Edits', comment: string): Promise<void> {
    await this.comment.fill(comment);
    await this.yourReview.getByRole('button', { name: decision, exact: true }).click();
    await expect(this.reviewSaved).toBeVisible();
  }
}

/** What a spec types into the request form; selects take option values (docs/records.md option keys). */
export interface RequestFormValues {
  purpose: string;
  mode: string;
  supplier: string;
  /** YYYY-MM-DD; typed into the form as dd/mm/yyyy, as the date field shows it whatever the browser's locale */
  date: string;
  justification: string;
  amount: string;
  /** The full code, typed into the filterable code box. */
  budgetCode: number;
  currency?: string;
  payment?: string;
}

/** `/dashboard/new-requests`: a new request, or the edit of a returned one ('Resubmit Changes'). */
export class RequestFormPage {
  readonly form: Locator;
  readonly name: Locator;
  readonly purpose: Locator;
  readonly mode: Locator;
  readonly establishment: Locator;
  readonly transporter: Locator;
  readonly date: Locator;
  readonly justification: Locator;
  readonly amount: Locator;
  readonly currency: Locator;
  readonly budgetCode: Locator;
  /** The codes the code box offers (its datalist), as 'code - name'. */
  readonly budgetCodeOptions: Locator;
  readonly payment: Locator;
  readonly tax: Locator;
  readonly submit: Locator;
  readonly resubmit: Locator;
  readonly cancel: Locator;
  readonly overBalance: Locator;
  readonly currencyDiffers: Locator;
  readonly viewRequests: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.form = main.locator('form');
    const field = (role: 'textbox' | 'combobox', name: string) => this.form.getByRole(role, { name, exact: true });
    this.name = field('textbox', 'Name');
    this.purpose = field('combobox', 'Purpose of expenditure');
    this.mode = field('combobox', 'Mode');
    this.establishment = field('textbox', 'Name of Establishment');
    this.transporter = field('textbox', 'Name of Transporter');
    this.date = field('textbox', 'Intended expenditure date');
    this.justification = field('textbox', 'Justification');
    this.amount = field('textbox', 'Amount');
    this.currency = field('combobox', 'Currency');
    this.budgetCode = field('combobox', 'Budget Code');
    this.budgetCodeOptions = this.form.locator('datalist option');
    this.payment = field('combobox', 'Means of payment');
    this.tax = field('combobox', 'Amounts are:');
    this.submit = this.form.getByRole('button', { name: 'Submit Request', exact: true });
    this.resubmit = this.form.getByRole('button', { name: 'Resubmit Changes', exact: true });
    this.cancel = this.form.getByRole('button', { name: 'Cancel', exact: true });
    this.overBalance = this.form.getByText('The entered amount exceeds the available balance in the budget code', { exact: true });
    this.currencyDiffers = this.form.getByText('The selected currency differs from the budget code currency.', { exact: true });
    this.viewRequests = main.getByRole('button', { name: 'View requests', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/new-requests');
    await expect(this.purpose).toBeVisible();
  }

  /** The success panel after Submit Request ('Request submitted!') or Resubmit Changes ('Changes resubmitted!'). */
  success(title: 'Request submitted!' | 'Changes resubmitted!'): Locator {
    return this.page.getByRole('main').getByRole('heading', { name: title, exact: true });
  }

  /** Fills every field the way a person does: the purpose first (it decides the modes and the supplier's label). */
  async fill(values: RequestFormValues): Promise<void> {
    await this.purpose.selectOption(values.purpose);
    await this.mode.selectOption(values.mode);
    await (values.purpose === 'travel' ? this.transporter : this.establishment).fill(values.supplier);
    const typed = values.date.split('-').reverse().join('/');
    await this.date.fill(typed);
    await expect(this.date).toHaveValue(typed);
    await this.justification.fill(values.justification);
    if (values.currency) await this.currency.selectOption(values.currency);
    await this.amount.fill(values.amount);
    await this.pickBudgetCode(values.budgetCode);
    if (values.payment) await this.payment.selectOption(values.payment);
  }

  /** Types the code into the filterable box (which then shows it as 'code - name') and leaves it. */
  async pickBudgetCode(code: number): Promise<void> {
    await this.budgetCode.fill(String(code));
    await this.budgetCode.blur();
    await expect(this.budgetCode).toHaveValue(new RegExp(`^${code} - `));
  }
}
