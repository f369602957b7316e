import type { RequestInput } from '../requests/request';
import { isCalendarDate } from '../dates/dates';
import { organizationToday } from '../organization/organization';
import { normalizeRequestInput, requestProblems, reviewCommentsProblem } from '../requests/request-validation';

const TODAY = '2026-03-10';
const valid: RequestInput = {
  purpose: 'travel',
  mode_of_service: 'publicTransport',
  name_of_establishment: 'Kilimanjaro Express',
  expenditure_date: TODAY,
  expenditure_justification: 'Workshop in Arusha',
  amount_requested: 1_250_000.5,
  amount_currency: 'tzs',
  budget_code: 6101,
  payment_mode: 'cash',
  tax_status: 'taxInclusive',
  file_paths: ['abc1234receipt.pdf'],
};

const fieldsOf = (input: Record<string, unknown>) => requestProblems(input, TODAY).map((p) => p.field);
const messageOf = (change: Record<string, unknown>) => requestProblems({ ...valid, ...change }, TODAY)[0]?.message;

describe('requestProblems', () => {
  it('accepts a complete request dated today or later, with or without files', () => {
    expect(requestProblems(valid, TODAY)).toEqual([]);
    expect(requestProblems({ ...valid, expenditure_date: '2027-01-31', file_paths: [] }, TODAY)).toEqual([]);
  });

  it('names every missing field, in form order', () => {
    expect(fieldsOf({})).toEqual([
      'purpose',
      'name_of_establishment',
      'expenditure_date',
      'expenditure_justification',
      'amount_requested',
      'amount_currency',
      'budget_code',
      'payment_mode',
      'tax_status',
    ]);
  });

  it("refuses an unknown purpose and a mode that is not the purpose's", () => {
    expect(messageOf({ purpose: 'accommodation' })).toMatch(/^Purpose "accommodation" is not one of travel, accomodation/);
    expect(messageOf({ mode_of_service: 'hotel' })).toBe(
      'Mode "hotel" is not one of publicTransport, companyTransport, selfDrive, airTransport',
    );
    expect(requestProblems({ ...valid, purpose: 'accomodation', mode_of_service: 'hotel' }, TODAY)).toEqual([]);
  });

  it('refuses a date before today, a malformed date and an impossible one', () => {
    expect(messageOf({ expenditure_date: '2026-03-09' })).toBe('The expenditure date cannot be before today (10/03/2026)');
    for (const date of ['10/03/2026', '2026-3-10', '2026-02-30', '2026-03-10T00:00:00Z', 20260310]) {
      expect(messageOf({ expenditure_date: date })).toBe('Expenditure date must be a date written YYYY-MM-DD');
    }
  });

  it('refuses an amount of 0 or less, more than two decimals, too large, or not a number', () => {
    expect(messageOf({ amount_requested: 0 })).toBe('Amount must be greater than 0');
    expect(messageOf({ amount_requested: -5 })).toBe('Amount must be greater than 0');
    expect(messageOf({ amount_requested: 10.555 })).toBe('Amount must be a number with at most 2 decimals');
    expect(messageOf({ amount_requested: 1e13 })).toBe('Amount must be at most 1,000,000,000,000');
    expect(messageOf({ amount_requested: '100' })).toBe('Amount must be a number');
    expect(messageOf({ amount_requested: 0.01 })).toBeUndefined();
  });

  it('requires supplier and justification (blank is missing) and bounds their length', () => {
    expect(messageOf({ name_of_establishment: '   ' })).toBe('Name of Transporter is required');
    expect(messageOf({ name_of_establishment: 'x'.repeat(201) })).toBe('Name of Transporter must be at most 200 characters');
    expect(messageOf({ purpose: 'meals', mode_of_service: 'catering', name_of_establishment: '' })).toBe(
      'Name of Establishment is required',
    );
    expect(messageOf({ expenditure_justification: '\n' })).toBe('Justification is required');
    expect(messageOf({ expenditure_justification: 'x'.repeat(2001) })).toBe('Justification must be at most 2000 characters');
  });

  it('refuses unknown currency, payment mode, tax status and a missing budget code', () => {
    expect(fieldsOf({ ...valid, amount_currency: 'eur', payment_mode: 'card', tax_status: 'none', budget_code: 0 })).toEqual([
      'amount_currency',
      'budget_code',
      'payment_mode',
      'tax_status',
    ]);
    expect(messageOf({ budget_code: 61.5 })).toBe('Budget code is required');
  });

  it('takes only generated file keys, each once, at most 20', () => {
    expect(messageOf({ file_paths: ['../etc/passwd'] })).toBe('Supporting document ../etc/passwd is not an uploaded file');
    expect(messageOf({ file_paths: ['receipt.pdf'] })).toBe('Supporting document receipt.pdf is not an uploaded file');
    expect(messageOf({ file_paths: ['abc1234a.pdf', 'abc1234a.pdf'] })).toBe('A supporting document is listed twice');
    expect(messageOf({ file_paths: Array.from({ length: 21 }, (_, i) => `abc1234f${i}.pdf`) })).toBe('At most 20 supporting documents');
    expect(messageOf({ file_paths: 'abc1234a.pdf' })).toBe('Supporting documents must be a list of uploaded files');
  });
});

describe('normalizeRequestInput', () => {
  it('trims the free text', () => {
    expect(normalizeRequestInput({ ...valid, name_of_establishment: '  Bus Co ', expenditure_justification: ' why \n' })).toMatchObject({
      name_of_establishment: 'Bus Co',
      expenditure_justification: 'why',
    });
  });
});

describe('dates', () => {
  it('gives the calendar date of a time zone', () => {
    const at = new Date('2026-03-09T22:30:00Z');
    expect(organizationToday('Africa/Dar_es_Salaam', at)).toBe('2026-03-10');
    expect(organizationToday('UTC', at)).toBe('2026-03-09');
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
  });
});

describe('reviewCommentsProblem', () => {
  it('asks why when rejecting or returning, not when approving', () => {
    expect(reviewCommentsProblem('approved', '')).toBeNull();
    expect(reviewCommentsProblem('rejected', '')).toBe('Say why the request is rejected in the comments');
    expect(reviewCommentsProblem('request_edit', '')).toBe('Say what to change in the comments');
    expect(reviewCommentsProblem('request_edit', 'Attach the quote')).toBeNull();
  });

  it('bounds the comment length', () => {
    expect(reviewCommentsProblem('approved', 'x'.repeat(2000))).toBeNull();
    expect(reviewCommentsProblem('approved', 'x'.repeat(2001))).toBe('Comments must be at most 2000 characters');
  });
});
