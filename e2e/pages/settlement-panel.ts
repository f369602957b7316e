import { expect, type Locator, type Page } from '@playwright/test';

/** The Settlement section of an approved retirement's form: its state, the statement, and finance's Record settlement. */
export class SettlementPanel {
  readonly section: Locator;
  readonly state: Locator;
  readonly statement: Locator;
  readonly settled: Locator;
  readonly record: Locator;
  readonly amount: Locator;
  readonly date: Locator;
  readonly method: Locator;
  readonly network: Locator;
  readonly reference: Locator;
  readonly phone: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('main').getByRole('region', { name: 'Settlement' });
    this.state = this.section.getByTestId('settlement-state');
    this.statement = this.section.getByTestId('settlement-statement');
    this.settled = this.section.getByTestId('settled-text');
    this.record = this.section.getByRole('button', { name: 'Record settlement' });
    this.amount = this.section.getByRole('textbox', { name: /^Amount/ });
    this.date = this.section.getByRole('textbox', { name: /^Date/ });
    this.method = this.section.getByRole('combobox', { name: /^Method/ });
    this.network = this.section.getByRole('combobox', { name: /^Network/ });
    this.reference = this.section.getByRole('textbox', { name: /^Reference/ });
    this.phone = this.section.getByRole('textbox', { name: /^Phone number/ });
  }

  /** Chooses mobile money on `network`, types the receipt and phone, and records it; waits for Settled. */
  async recordMobileMoney(network: string, reference: string, phone: string): Promise<void> {
    await this.method.selectOption('mobile_money');
    await this.network.selectOption(network);
    await this.reference.fill(reference);
    await this.phone.fill(phone);
    await this.record.click();
    await expect(this.state).toHaveText('Settled');
  }
}
