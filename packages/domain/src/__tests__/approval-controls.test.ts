import { DEFAULT_APPROVAL_MATRIX } from '../approval/approval';
import { bandRateOf, canChangeExchangeRates, higherBandTogether, ratesWithFloor, relatedWindowStart } from '../approval/approval-controls';
import { SYSTEM_ROLES } from '../users/roles';

describe('ratesWithFloor', () => {
  it('never lowers the currency below the floor, takes a higher rate of today, leaves others and TZS alone', () => {
    expect(ratesWithFloor({ usd: 1, gbp: 3000 }, 'USD', 250_000)).toEqual({ usd: 2500, gbp: 3000 });
    expect(ratesWithFloor({ usd: 3000 }, 'usd', 250_000)).toEqual({ usd: 3000 });
    expect(ratesWithFloor({ usd: 1 }, 'usd', null)).toEqual({ usd: 1 });
    expect(ratesWithFloor({ usd: 1 }, 'tzs', 250_000)).toEqual({ usd: 1 });
    // a currency without a rate today takes no requests: a floor does not reopen it
    expect(ratesWithFloor({}, 'usd', 250_000)).toEqual({});
  });

  it('bandRateOf gives the cents a request is banded at (null for TZS or no rate)', () => {
    expect(bandRateOf({ usd: 2500.1 }, 'usd')).toBe(250_010);
    expect(bandRateOf({ usd: 2500 }, 'tzs')).toBeNull();
    expect(bandRateOf({}, 'gbp')).toBeNull();
  });
});

it('exchange rates are the director’s alone', () => {
  expect(SYSTEM_ROLES.filter((role) => canChangeExchangeRates({ system_role: role }))).toEqual(['director']);
  expect(canChangeExchangeRates(null)).toBe(false);
});

it('the window is today and the 29 calendar days before', () => {
  expect(relatedWindowStart('2026-03-30')).toBe('2026-03-01');
  expect(relatedWindowStart('2026-03-01')).toBe('2026-01-31');
});

describe('higherBandTogether', () => {
  const base = {
    matrix: DEFAULT_APPROVAL_MATRIX,
    rates: { usd: 2500 },
    currency: 'tzs',
    chainRoles: ['finance_officer', 'executive_secretary'] as const,
  };
  it('names the band two halves reach together and the reviewers they avoid', () => {
    const found = higherBandTogether({ ...base, amount: 149_999_999.99, combined: 299_999_999.98 });
    expect([found?.band.user_role, found?.needs]).toEqual(['A', ['director']]);
    expect(higherBandTogether({ ...base, currency: 'usd', amount: 50_000, combined: 60_000 })?.band.user_role).toBe('A');
  });
  it('says nothing when together they stay in the same band, or the amount cannot be placed', () => {
    expect(higherBandTogether({ ...base, amount: 1_000, combined: 149_999_999.99 })).toBeNull();
    expect(higherBandTogether({ ...base, amount: 150_000_000, combined: 300_000_000 })).toBeNull();
    expect(higherBandTogether({ ...base, currency: 'gbp', amount: 1, combined: 2 })).toBeNull();
  });
  it('names nobody when the chain already holds the band’s reviewers', () => {
    const chainRoles = ['finance_officer', 'executive_secretary', 'director'] as const;
    expect(higherBandTogether({ ...base, chainRoles, amount: 100, combined: 150_000_000 })?.needs).toEqual([]);
  });
});
