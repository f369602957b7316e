import { expect, type Locator, type Page } from '@playwright/test';
import { bodyRows } from './table';

export type ReportId = 'budget-vs-actual' | 'outstanding' | 'turnaround';
export const REPORTS: ReadonlyArray<[ReportId, string]> = [
  ['budget-vs-actual', 'Budget vs actual'],
  ['outstanding', 'Outstanding advances'],
  ['turnaround', 'Approval turnaround'],
];

/** `/dashboard/budget/reports` (mf-budget, finance): one section per report — heading, Download .xlsx, chart, table. */
export class ReportsPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { level: 1, name: 'Reports' });
  }

  /** From the Budget list's Reports link, as a finance officer gets there. */
  async openFromBudgetList(): Promise<void> {
    await this.page.getByRole('main').getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(this.page).toHaveURL('/dashboard/budget/reports');
    await expect(this.heading).toBeVisible();
  }

  section(title: string): Locator {
    return this.page.getByRole('main').getByRole('region', { name: title, exact: true });
  }

  /** The chart: a canvas named after its report, drawn once chart.js's chunk has come. */
  chart(title: string): Locator {
    return this.section(title).getByRole('img', { name: title, exact: true });
  }

  /** The report's own table: its last (the Outstanding advances section holds the Awaiting settlement table before it). */
  table(title: string): Locator {
    return this.section(title).getByRole('table').last();
  }

  rows(title: string): Locator {
    return bodyRows(this.table(title));
  }

  download(title: string): Locator {
    return this.section(title).getByRole('button', { name: 'Download .xlsx', exact: true });
  }

  /** Waits until every section shows its chart and at least one table row. */
  async expectAllShown(): Promise<void> {
    for (const [, title] of REPORTS) {
      await expect(this.chart(title)).toBeVisible();
      await expect(this.rows(title).first()).toBeVisible();
    }
  }
}
