import {
  SYSTEM_ROLES,
  hasAdminPermission,
  hasFinancePermission,
  hasSuperAdminPermission,
  isSystemRole,
  seesAllDepartmentBudgets,
  type SystemRole,
} from '../users/roles';

const as = (system_role: SystemRole) => ({ system_role });

describe('permissions', () => {
  it('gives admin permission to every role but staff', () => {
    const admins = SYSTEM_ROLES.filter((r) => hasAdminPermission(as(r)));
    expect(admins).toEqual(SYSTEM_ROLES.filter((r) => r !== 'staff'));
    expect(hasAdminPermission(null)).toBe(false);
  });

  it('gives finance permission to finance officer, executive secretary and director only', () => {
    expect(SYSTEM_ROLES.filter((r) => hasFinancePermission(as(r)))).toEqual(['finance_officer', 'executive_secretary', 'director']);
  });

  it('gives super admin permission to directors only', () => {
    expect(SYSTEM_ROLES.filter((r) => hasSuperAdminPermission(as(r)))).toEqual(['director']);
  });

  it('lets the senior roles see every department budget', () => {
    expect(SYSTEM_ROLES.filter((r) => seesAllDepartmentBudgets(as(r)))).toEqual([
      'finance_officer',
      'executive_secretary',
      'director',
      'board_chairman',
    ]);
  });

  it('tells a system role from any other text', () => {
    expect(isSystemRole('director')).toBe(true);
    expect(isSystemRole('root')).toBe(false);
  });
});
