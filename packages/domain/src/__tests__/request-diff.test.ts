import { budgetCodeLabel, requestChanges, type DiffableRequest } from '../requests/request-diff';

const version1: DiffableRequest = {
  purpose: 'travel',
  mode_of_service: 'publicTransport',
  name_of_establishment: 'Dar Express',
  expenditure_date: '2026-03-04T00:00:00.000Z',
  expenditure_justification: 'Visit the Tanga stem park',
  amount_requested: 250000,
  amount_currency: 'tzs',
  budget_code: 6107,
  budget_name: 'Office rent',
  payment_mode: 'cash',
  tax_status: 'taxInclusive',
  file_paths: ['abc12ticket.pdf'],
};

describe('requestChanges', () => {
  it('finds nothing between a version and itself', () => {
    expect(requestChanges(version1, { ...version1 })).toEqual([]);
  });

  it('lists every changed field, old and new as a reader sees them, in a fixed order', () => {
    const version2: DiffableRequest = {
      purpose: 'accomodation',
      mode_of_service: 'hotel',
      name_of_establishment: 'Tanga Beach Hotel',
      expenditure_date: '2026-03-09',
      expenditure_justification: 'Two nights in Tanga',
      amount_requested: 1250.5,
      amount_currency: 'usd',
      budget_code: 6208,
      budget_name: 'Travel Tanga',
      payment_mode: 'bank_transfer',
      tax_status: 'taxExclusive',
      file_paths: ['abc12ticket.pdf', 'xyz98quote.pdf'],
    };
    expect(requestChanges(version1, version2)).toEqual([
      { field: 'purpose', before: 'Travel', after: 'Accommodation' },
      { field: 'mode_of_service', before: 'Public Transport', after: 'Hotel' },
      { field: 'name_of_establishment', before: 'Dar Express', after: 'Tanga Beach Hotel' },
      { field: 'expenditure_date', before: '04/03/2026', after: '09/03/2026' },
      { field: 'amount_requested', before: '250,000', after: '1,250.50' },
      { field: 'amount_currency', before: 'TZS', after: 'USD' },
      { field: 'budget_code', before: '6107 - Office rent', after: '6208 - Travel Tanga' },
      { field: 'payment_mode', before: 'Cash', after: 'Bank transfer' },
      { field: 'tax_status', before: 'Tax Inclusive', after: 'Tax Exclusive' },
      { field: 'expenditure_justification', before: 'Visit the Tanga stem park', after: 'Two nights in Tanga' },
      { field: 'attachments', before: '1', after: '2' },
    ]);
  });

  it('ignores what a reader cannot see: the time on a date, spaces around text', () => {
    const same = {
      ...version1,
      expenditure_date: '2026-03-04',
      name_of_establishment: ' Dar Express ',
      expenditure_justification: 'Visit the Tanga stem park\n',
    };
    expect(requestChanges(version1, same)).toEqual([]);
  });

  it('reports one change alone, e.g. a lowered amount', () => {
    expect(requestChanges(version1, { ...version1, amount_requested: 200000 })).toEqual([
      { field: 'amount_requested', before: '250,000', after: '200,000' },
    ]);
  });

  it('counts attachments removed down to none', () => {
    expect(requestChanges(version1, { ...version1, file_paths: [] })).toEqual([{ field: 'attachments', before: '1', after: '0' }]);
  });
});

describe('budgetCodeLabel', () => {
  it("reads 'code - name', or the code alone without a name", () => {
    expect(budgetCodeLabel(6107, 'Office rent')).toBe('6107 - Office rent');
    expect(budgetCodeLabel(6107, '')).toBe('6107');
    expect(budgetCodeLabel(6107, null)).toBe('6107');
  });
});
