import { addCalendarDays, calendarDateAt, calendarDaysBetween, formatCalendarDate, formatInstant } from '../dates/dates';
import { startOfCalendarDate } from '../dates/day-start';

describe('calendar dates', () => {
  it('adds days across month, year and leap-day ends', () => {
    expect(addCalendarDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-31', -31)).toBe('2026-02-28');
    expect(addCalendarDays('0050-12-31', 1)).toBe('0051-01-01');
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

// The screens' formatting is the browser's Intl (no date library on the home): it must agree with
// date-fns, which the server's zone arithmetic still uses, at every kind of offset and year.
describe('Intl formatting against date-fns', () => {
  const zones = [
    'UTC',
    'Africa/Dar_es_Salaam',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'America/St_Johns',
    'Pacific/Kiritimati',
    'Etc/GMT+12',
  ];
  // a fixed walk: many instants, midnights and daylight-saving edges among them
  const instants = Array.from(
    { length: 400 },
    (_, i) => new Date(Date.UTC(1999 + (i % 40), (i * 7) % 12, 1 + ((i * 13) % 28), (i * 5) % 24, (i * 17) % 60)),
  );
  instants.push(new Date('0999-06-01T12:00:00Z'), new Date('2026-03-29T00:59:00Z'), new Date('2026-11-01T05:30:00Z'));

  it('gives the same day and time in every zone, and in the runtime zone without one', async () => {
    const { format } = await import('date-fns');
    const { TZDate } = await import('@date-fns/tz');
    for (const at of instants) {
      expect(formatInstant(at, 'dd/MM/yyyy HH:mm')).toBe(format(at, 'dd/MM/yyyy HH:mm'));
      for (const zone of zones) {
        const zoned = new TZDate(at.getTime(), zone);
        expect([formatInstant(at, 'dd/MM/yyyy HH:mm', zone), formatInstant(at, 'dd/MM/yyyy', zone), calendarDateAt(at, zone)]).toEqual([
          format(zoned, 'dd/MM/yyyy HH:mm'),
          format(zoned, 'dd/MM/yyyy'),
          format(zoned, 'yyyy-MM-dd'),
        ]);
      }
    }
  });

  it('refuses an invalid instant as date-fns did', () => {
    expect(() => formatInstant(new Date('nonsense'), 'dd/MM/yyyy')).toThrow(RangeError);
    expect(() => calendarDateAt('nonsense', 'UTC')).toThrow(RangeError);
  });
});
