import { canSeeRequest, requestScopeFor } from '../requests/request-access';
import { SYSTEM_ROLES, type SystemRole } from '../users/roles';

const viewer = (system_role: SystemRole, id = 7, organization_id = 1) => ({ id, organization_id, system_role });
const request = { organization_id: 1, request_owner_id: 3 };
const chain: SystemRole[] = ['finance_officer', 'executive_secretary'];

describe('canSeeRequest', () => {
  it('lets the owner see their request whatever their role', () => {
    for (const role of SYSTEM_ROLES) expect(canSeeRequest(viewer(role, 3), request, chain)).toBe(true);
  });

  it('lets finance users see every request, and other roles only those whose chain holds them', () => {
    const seen = SYSTEM_ROLES.filter((role) => canSeeRequest(viewer(role), request, ['petty_cash_custodian', 'finance_officer']));
    expect(seen).toEqual(['petty_cash_custodian', 'finance_officer', 'executive_secretary', 'director']);
    expect(canSeeRequest(viewer('board_chairman'), request, ['finance_officer', 'board_chairman'])).toBe(true);
    expect(canSeeRequest(viewer('staff'), request, chain)).toBe(false);
    expect(canSeeRequest(viewer('admin'), request, chain)).toBe(false);
  });

  it("counts a role lent by a running delegation as the viewer's own, but never lends finance permission", () => {
    expect(canSeeRequest(viewer('stem_park_manager'), request, chain)).toBe(false);
    expect(canSeeRequest(viewer('stem_park_manager'), request, chain, ['executive_secretary'])).toBe(true);
    expect(canSeeRequest(viewer('stem_park_manager'), request, ['petty_cash_custodian'], ['executive_secretary'])).toBe(false);
    expect(canSeeRequest(viewer('stem_park_manager', 7, 2), request, chain, ['executive_secretary'])).toBe(false);
  });

  it('never shows another organisation, not even to its finance users or the same id', () => {
    expect(canSeeRequest(viewer('director', 7, 2), request, chain)).toBe(false);
    expect(canSeeRequest(viewer('staff', 3, 2), request, chain)).toBe(false);
  });
});

describe('requestScopeFor', () => {
  it("gives the caller's own requests in staff mode, whatever the role", () => {
    for (const role of SYSTEM_ROLES) expect(requestScopeFor(viewer(role), 'user')).toEqual({ kind: 'own' });
  });

  it('gives finance users the organisation in admin mode, other roles their own and their chain', () => {
    expect(requestScopeFor(viewer('executive_secretary'), 'executive_secretary')).toEqual({ kind: 'organisation' });
    expect(requestScopeFor(viewer('board_chairman'), 'board_chairman')).toEqual({ kind: 'own_or_chain', roles: ['board_chairman'] });
    expect(requestScopeFor(viewer('staff'), 'staff')).toEqual({ kind: 'own_or_chain', roles: ['staff'] });
  });

  it('adds the roles a delegation lends to a non-finance scope, once each; finance keeps the organisation', () => {
    expect(requestScopeFor(viewer('stem_park_manager'), 'stem_park_manager', ['executive_secretary', 'stem_park_manager'])).toEqual({
      kind: 'own_or_chain',
      roles: ['stem_park_manager', 'executive_secretary'],
    });
    expect(requestScopeFor(viewer('finance_officer'), 'finance_officer', ['director'])).toEqual({ kind: 'organisation' });
    expect(requestScopeFor(viewer('stem_park_manager'), 'executive_secretary', ['executive_secretary'])).toBeNull();
  });

  it("refuses a mode that is not 'user' nor the caller's own system role", () => {
    expect(requestScopeFor(viewer('staff'), 'director')).toBeNull();
    expect(requestScopeFor(viewer('finance_officer'), 'director')).toBeNull();
    expect(requestScopeFor(viewer('director'), 'admin')).toBeNull();
  });
});
