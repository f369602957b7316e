import { DATE_TEXT, dateTextOf, dateTextProblem, isoOfDateText, withDateSlashes } from '../dates/date-text';
import { requestFormSchema } from '../forms';

describe('dates typed dd/mm/yyyy', () => {
  it('reads a real day typed en-GB, or a pasted ISO date, as ISO', () => {
    expect(isoOfDateText('05/03/2026')).toBe('2026-03-05');
    expect(isoOfDateText(' 29/02/2028 ')).toBe('2028-02-29');
    expect(isoOfDateText('2026-03-05')).toBe('2026-03-05');
  });

  it('reads nothing from a day that does not exist, a partial date or the US order', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2026',
      '00/01/2026',
      '12/13/2026',
      '12/03/0999',
      '12/03/20',
      '5/3/2026',
      '03-05-2026',
      '2026-02-30',
    ])
      expect(isoOfDateText(text)).toBeNull();
  });

  it('shows an ISO value en-GB and text still being typed as it is', () => {
    expect(dateTextOf('2026-03-05')).toBe('05/03/2026');
    expect(dateTextOf('12/03/20')).toBe('12/03/20');
    expect(dateTextOf('')).toBe('');
  });

  it('puts the slashes in as digits are typed, and a 0 before a day or month closed early', () => {
    expect(withDateSlashes('1')).toBe('1');
    expect(withDateSlashes('12')).toBe('12/');
    expect(withDateSlashes('1203')).toBe('12/03/');
    expect(withDateSlashes('12032026')).toBe('12/03/2026');
    expect(withDateSlashes('120320261')).toBe('12/03/2026');
    expect(withDateSlashes('1/3/2026')).toBe('01/03/2026');
    expect(withDateSlashes('12//')).toBe('12/');
    expect(withDateSlashes('1a2')).toBe('12/');
  });

  it('says what is wrong: a partial date, a day that does not exist, a day out of bounds', () => {
    expect(dateTextProblem('')).toBeNull();
    expect(dateTextProblem('2026-03-05')).toBeNull();
    expect(dateTextProblem('12/03/')).toBe(DATE_TEXT.incomplete);
    expect(dateTextProblem('31/02/2026')).toBe('31/02/2026 is not a date: enter a real day as dd/mm/yyyy');
    expect(dateTextProblem('2026-03-05', { min: '2026-03-06' })).toBe('The date cannot be before 06/03/2026');
    expect(dateTextProblem('2026-03-05', { max: '2026-03-04' })).toBe('The date cannot be after 04/03/2026');
    expect(dateTextProblem('2026-03-05', { min: '2026-03-05', max: '2026-03-05' })).toBeNull();
  });
});

describe('the request form schema and a typed date', () => {
  const schema = requestFormSchema({ today: '2026-03-10' });
  const dateError = (expenditure_date: string) => {
    try {
      schema.validateSyncAt('expenditure_date', { expenditure_date });
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it("refuses a partial or impossible date in the field's words, and keeps the past-date rule", () => {
    expect(dateError('12/03/20')).toBe(DATE_TEXT.incomplete);
    expect(dateError('31/02/2026')).toBe('31/02/2026 is not a date: enter a real day as dd/mm/yyyy');
    expect(dateError('2026-03-09')).toBe('The expenditure date cannot be before today (10/03/2026)');
    expect(dateError('2026-03-10')).toBeNull();
  });
});
