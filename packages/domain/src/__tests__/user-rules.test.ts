import { SYSTEM_ROLES, type SystemRole } from '../users/roles';
import {
  canAddUsers,
  canChooseDirectorPosition,
  canDeleteUser,
  canDeleteUsers,
  canEditIdentity,
  canEditUser,
  canRestrictUser,
  canRestrictUsers,
  canSeeLastLogin,
  canViewUser,
  userListRole,
} from '../users/user-rules';
import { normalizeUserInput } from '../users/user-validation';

const actor = (system_role: SystemRole, id = 1) => ({ id, system_role });
const allowed = (rule: (a: { id: number; system_role: SystemRole }) => boolean) => SYSTEM_ROLES.filter((r) => rule(actor(r)));

describe('user rules', () => {
  it('reserves the director position, identity edits, deletes and last login to directors', () => {
    for (const rule of [canChooseDirectorPosition, canEditIdentity, canDeleteUsers, canSeeLastLogin]) {
      expect(allowed(rule)).toEqual(['director']);
    }
  });

  it('lets finance permission restrict users and admins add them', () => {
    expect(allowed(canRestrictUsers)).toEqual(['finance_officer', 'executive_secretary', 'director']);
    expect(allowed(canAddUsers)).toEqual(SYSTEM_ROLES.filter((r) => r !== 'staff'));
  });

  it('lets an admin or the account holder edit a user', () => {
    expect(canEditUser(actor('staff', 5), { id: 5 })).toBe(true);
    expect(canEditUser(actor('staff', 5), { id: 6 })).toBe(false);
    expect(canEditUser(actor('finance_officer', 5), { id: 6 })).toBe(true);
  });

  it('lets an admin or the account holder view a user', () => {
    expect(canViewUser(actor('staff', 5), { id: 5 })).toBe(true);
    expect(canViewUser(actor('staff', 5), { id: 6 })).toBe(false);
    expect(SYSTEM_ROLES.filter((r) => canViewUser(actor(r, 5), { id: 6 }))).toEqual(SYSTEM_ROLES.filter((r) => r !== 'staff'));
  });

  it('never lets anyone delete, lock or unlock their own account', () => {
    for (const role of SYSTEM_ROLES) {
      expect(canDeleteUser(actor(role, 5), { id: 5 })).toBe(false);
      expect(canRestrictUser(actor(role, 5), { id: 5 })).toBe(false);
    }
    expect(SYSTEM_ROLES.filter((r) => canDeleteUser(actor(r, 5), { id: 6 }))).toEqual(['director']);
    expect(SYSTEM_ROLES.filter((r) => canRestrictUser(actor(r, 5), { id: 6 }))).toEqual([
      'finance_officer',
      'executive_secretary',
      'director',
    ]);
  });

  it("uses 'user' in staff mode and the system role in admin mode", () => {
    expect(userListRole('staff', actor('director'))).toBe('user');
    expect(userListRole('admin', actor('director'))).toBe('director');
  });

  it('trims names and e-mails and stores a valid mobile number as E.164', () => {
    expect(normalizeUserInput({ fullname: '  Asha   Mushi ', phone_number: ' 0712 345 678 ', email: ' Asha@Example.ORG ' })).toEqual({
      fullname: 'Asha Mushi',
      phone_number: '+255712345678',
      email: 'asha@example.org',
    });
    // a number that is not valid is kept as typed (trimmed), so the check names it as the person wrote it
    expect(normalizeUserInput({ phone_number: ' 2.55712E+11 ' })).toEqual({ phone_number: '2.55712E+11' });
  });
});
