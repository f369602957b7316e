import { addCalendarDays, calendarDateAt, calendarDaysBetween, formatCalendarDate, startOfCalendarDate } from '../dates';

describe('calendar dates', () => {
  it('adds days across month, year and leap-day ends', () => {
    expect(addCalendarDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-31', -31)).toBe('2026-02-28');
  });

  it('counts whole days between two dates, whatever the runtime zone does with its clocks', () => {
    expect(calendarDaysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(calendarDaysBetween('2026-03-31', '2026-03-01')).toBe(-30);
    // across the US and EU daylight-saving changes
    expect(calendarDaysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(calendarDaysBetween('2026-10-20', '2026-11-10')).toBe(21);
  });

  it('refuses what is not a calendar date', () => {
    expect(() => addCalendarDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => calendarDaysBetween('2026-03-01T00:00:00Z', '2026-03-02')).toThrow(RangeError);
  });

  it("gives an instant's date in a zone: 01:30 in Dar es Salaam is still the day before in UTC", () => {
    const at = new Date('2026-03-09T22:30:00Z'); // 01:30 on the 10th in Dar es Salaam (UTC+3)
    expect(calendarDateAt(at, 'Africa/Dar_es_Salaam')).toBe('2026-03-10');
    expect(calendarDateAt(at, 'UTC')).toBe('2026-03-09');
    expect(calendarDateAt('2026-03-10T03:00:00Z', 'America/New_York')).toBe('2026-03-09');
  });

  it("finds the instant a date begins in the organisation's zone", () => {
    expect(startOfCalendarDate('2026-03-10', 'Africa/Dar_es_Salaam').toISOString()).toBe('2026-03-09T21:00:00.000Z');
    expect(startOfCalendarDate('2026-03-10', 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    // New York's clocks moved on 2026-03-08: EST before, EDT after
    expect(startOfCalendarDate('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfCalendarDate('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('shows a calendar date as written', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('01/03/2026');
  });
});
