import { DEFAULT_TIME_ZONE, organizationToday } from '../organization/organization';

describe("the organisation's today", () => {
  // 22:40 UTC on 27 November: still the 27th in London, already the 28th in Dar es Salaam
  const lateEvening = new Date('2026-11-27T22:40:00Z');

  it("is the day on the organisation's calendar, not the device's", () => {
    expect(organizationToday('Africa/Dar_es_Salaam', lateEvening)).toBe('2026-11-28');
    expect(organizationToday('Pacific/Honolulu', lateEvening)).toBe('2026-11-27');
    expect(organizationToday('Asia/Kolkata', new Date('2026-11-27T18:29:00Z'))).toBe('2026-11-27');
    expect(organizationToday('Asia/Kolkata', new Date('2026-11-27T18:30:00Z'))).toBe('2026-11-28');
  });

  it('counts in Dar es Salaam when the organisation names no zone', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Africa/Dar_es_Salaam');
    expect(organizationToday(undefined, lateEvening)).toBe('2026-11-28');
  });
});
