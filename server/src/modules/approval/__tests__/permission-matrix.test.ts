import {
  EXCHANGE_RATES_DIRECTORS_ONLY,
  SYSTEM_ROLES,
  canChangeExchangeRates,
  hasSuperAdminPermission,
  type SystemRole,
} from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { approvalApi, approvalCounts, threeBands, type ApprovalApi } from '../../../test-support/approval';
import { signIn } from '../../../test-support/http';
import { DIRECTORS_ONLY } from '../routes';

/**
 * Who may change what, written out from docs/product-rules.md §Roles and docs/product-rules.md (not read from the code):
 * the matrix and the exchange rates are the director's (super admin): a rate places a request in a
 * band as surely as a band's limits do, so a finance officer who could lower one could drop the
 * director's step from a request and then review it. Everyone signed in reads both.
 */
const RIGHTS: Record<SystemRole, { matrix: boolean; rates: boolean }> = {
  staff: { matrix: false, rates: false },
  admin: { matrix: false, rates: false },
  petty_cash_custodian: { matrix: false, rates: false },
  stem_park_manager: { matrix: false, rates: false },
  finance_officer: { matrix: false, rates: false },
  executive_secretary: { matrix: false, rates: false },
  director: { matrix: true, rates: true },
  board_chairman: { matrix: false, rates: false },
};
const ROLES = [...SYSTEM_ROLES];

it('the rights table agrees with the shared domain rules', () => {
  for (const role of ROLES) {
    expect(hasSuperAdminPermission({ system_role: role })).toBe(RIGHTS[role].matrix);
    expect(canChangeExchangeRates({ system_role: role })).toBe(RIGHTS[role].rates);
  }
});

describe.each(DIALECTS)('approval permission matrix (%s)', (dialect) => {
  let t: TestApp;
  const callers = new Map<SystemRole, ApprovalApi>();
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ROLES) callers.set(role, approvalApi(t.app, (await signIn(t.app, `${role}@example.org`)).token));
  });
  afterAll(() => t.close());

  it.each(ROLES)('%s reads the matrix and the rates', async (role) => {
    const api = callers.get(role)!;
    expect((await api.matrix()).statusCode).toBe(200);
    expect((await api.rates()).statusCode).toBe(200);
  });

  it.each(ROLES.map((role) => [role, RIGHTS[role].matrix ? 200 : 403] as const))('PUT approval-matrix as %s → %d', async (role, status) => {
    const before = await approvalCounts(t.app);
    const bands = threeBands();
    bands[0].description = `Saved by ${role}`;
    const response = await callers.get(role)!.saveMatrix(bands);
    expect(response.statusCode).toBe(status);
    if (status === 403) {
      expect(response.json()).toEqual({ error: DIRECTORS_ONLY, code: 'FORBIDDEN' });
      expect(await approvalCounts(t.app)).toEqual(before);
    } else {
      expect((await callers.get('staff')!.matrix()).json().data.bands[0].description).toBe(`Saved by ${role}`);
    }
  });

  it.each(ROLES.map((role) => [role, RIGHTS[role].rates ? 200 : 403] as const))('PUT exchange-rates as %s → %d', async (role, status) => {
    const before = await approvalCounts(t.app);
    const rate = 2000 + ROLES.indexOf(role);
    const response = await callers.get(role)!.saveRates({ usd: rate });
    expect(response.statusCode).toBe(status);
    if (status === 403) {
      expect(response.json()).toEqual({ error: EXCHANGE_RATES_DIRECTORS_ONLY, code: 'FORBIDDEN' });
      expect(await approvalCounts(t.app)).toEqual(before);
    } else {
      expect((await callers.get('staff')!.rates()).json().data.rates).toEqual({ usd: rate });
    }
  });

  it.each([
    ['GET', 'approval-matrix'],
    ['PUT', 'approval-matrix'],
    ['GET', 'exchange-rates'],
    ['PUT', 'exchange-rates'],
  ] as const)('%s %s without signing in → 401', async (method, url) => {
    const response = await t.app.inject({ method, url: `/api/v1/${url}`, payload: method === 'PUT' ? {} : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});
