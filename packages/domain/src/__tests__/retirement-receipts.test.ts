import {
  RECEIPT_EXEMPTION_MAX_TZS,
  RECEIPT_MESSAGES,
  receiptExempt,
  receiptExemptionMinor,
  receiptProblem,
  type ReceiptCheck,
} from '../retirements/retirement-receipts';

/** Amounts in cents: TZS 50,000 spent, nothing attached, nothing exempt (the default). */
const none: ReceiptCheck = { spent: 5_000_000, currency: 'tzs', documents: 0, exemptBelowTzs: 0, rates: { usd: 2500 } };

describe('receipts on a retirement (docs/product-rules.md §Retirements)', () => {
  it('asks for a document whenever money was spent and nothing is exempt', () => {
    expect(receiptProblem(none)).toBe(RECEIPT_MESSAGES.needed);
    expect(receiptProblem({ ...none, spent: 1 })).toBe(RECEIPT_MESSAGES.needed);
    expect(receiptProblem({ ...none, documents: 1 })).toBeNull();
  });

  it('needs nothing when nothing was spent', () => {
    expect(receiptProblem({ ...none, spent: 0 })).toBeNull();
  });

  it('exempts retirements strictly below the setting, in TZS', () => {
    const petty = { ...none, exemptBelowTzs: 5_000_000 };
    expect(receiptProblem({ ...petty, spent: 4_999_999 })).toBeNull();
    expect(receiptProblem(petty)).toBe(
      'A retirement that spent TZS 50,000 or more needs at least one receipt or other document: take a photo or attach a file',
    );
    expect(receiptProblem({ ...petty, spent: 5_000_001 })).toBe(RECEIPT_MESSAGES.neededAbove(5_000_000));
  });

  it('converts other currencies with the exchange rates, as the approval matrix does', () => {
    const petty = { ...none, currency: 'USD', exemptBelowTzs: 5_000_000 };
    // USD 19.99 × 2,500 = TZS 49,975: exempt; USD 20 = TZS 50,000: not
    expect(receiptExempt({ ...petty, spent: 1_999 })).toBe(true);
    expect(receiptExempt({ ...petty, spent: 2_000 })).toBe(false);
  });

  it('never exempts a currency it cannot convert', () => {
    expect(receiptExempt({ ...none, currency: 'eur', spent: 1, exemptBelowTzs: 5_000_000 })).toBe(false);
  });

  it('reads the setting as a director types it', () => {
    expect(receiptExemptionMinor(null)).toBe(0);
    expect(receiptExemptionMinor(0)).toBe(0);
    expect(receiptExemptionMinor(50_000.5)).toBe(5_000_050);
    expect(receiptExemptionMinor(RECEIPT_EXEMPTION_MAX_TZS)).toBe(RECEIPT_EXEMPTION_MAX_TZS * 100);
    expect(receiptExemptionMinor(RECEIPT_EXEMPTION_MAX_TZS + 0.01)).toBeNull();
    expect(receiptExemptionMinor(-1)).toBeNull();
    expect(receiptExemptionMinor(1.234)).toBeNull();
  });
});
