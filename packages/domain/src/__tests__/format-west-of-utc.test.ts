/**
 * A browser west of UTC.
 * @jest-environment ./src/__tests__/support/time-zone-environment.cjs
 * @jest-environment-options {"timeZone": "America/New_York"}
 */
import { formatDate, formatDateTime } from '../text/format';

describe('dates shown in a browser west of UTC (New York)', () => {
  it('runs in that zone', () => {
    expect(new Date('2026-03-01T00:00:00Z').getDate()).toBe(28);
  });

  it('shows a calendar date as written, not the UTC midnight before it', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDateTime('2026-03-01')).toBe('01/03/2026');
    expect(formatDate('2026-02-30')).toBe('N/A');
  });

  it("shows an instant on the viewer's wall clock, or in a named zone", () => {
    expect(formatDateTime('2026-03-09T22:30:00Z')).toBe('09/03/2026 18:30');
    expect(formatDate('2026-03-09T22:30:00Z', 'Africa/Dar_es_Salaam')).toBe('10/03/2026');
    expect(formatDateTime('2026-03-09T22:30:00Z', 'Africa/Dar_es_Salaam')).toBe('10/03/2026 01:30');
  });
});
