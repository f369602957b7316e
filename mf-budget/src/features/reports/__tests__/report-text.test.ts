import { countOf } from '../report-text';

describe('countOf', () => {
  it('names one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'advance')).toBe('1 advance');
    expect(countOf(0, 'advance')).toBe('0 advances');
    expect(countOf(2, 'advance')).toBe('2 advances');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
  });
});
