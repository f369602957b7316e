import { DEPARTMENTS } from '../organization/options';
import { hasAdminPermission, hasFinancePermission, hasSuperAdminPermission, type SystemRole } from './roles';

/** The position (User.role) a person holds; docs/records.md "User form role groups". */
export const POSITIONS = ['staff', 'admin', 'director'] as const;
export type Position = (typeof POSITIONS)[number];

export const FULLNAME_MAX_LENGTH = 120;
/** Rows in one bulk upload; a bigger organisation uploads in parts. */
export const BULK_USERS_MAX = 500;

interface Actor {
  id: number;
  system_role: SystemRole;
}

/** Only directors may choose the director position (docs/product-rules.md §Validation "Users"). */
export function canChooseDirectorPosition(actor: Actor): boolean {
  return hasSuperAdminPermission(actor);
}

/** Only directors change a user's name, department, position and system role. */
export function canEditIdentity(actor: Actor): boolean {
  return hasSuperAdminPermission(actor);
}

/**
 * The e-mail is the sign-in identity: only a director changes another user's, the holder their own
 *. Either way the change waits for the new address to confirm it.
 */
export function canChangeEmail(actor: Actor, target: { id: number }): boolean {
  return hasSuperAdminPermission(actor) || actor.id === target.id;
}

/** Only an admin or the account holder changes a user's values. */
export function canEditUser(actor: Actor, target: { id: number }): boolean {
  return hasAdminPermission(actor) || actor.id === target.id;
}

/** Admins see every user of the organisation (the Users section); anyone sees their own account. */
export function canViewUser(actor: Actor, target: { id: number }): boolean {
  return hasAdminPermission(actor) || actor.id === target.id;
}

export function canDeleteUsers(actor: Actor): boolean {
  return hasSuperAdminPermission(actor);
}

/** A director deletes other accounts, never their own (someone must stay to manage users). */
export function canDeleteUser(actor: Actor, target: { id: number }): boolean {
  return canDeleteUsers(actor) && actor.id !== target.id;
}

/** Last Logged In is shown to directors only. */
export function canSeeLastLogin(actor: Actor): boolean {
  return hasSuperAdminPermission(actor);
}

/** Locking and unlocking (Restrict Requests) needs finance permission. */
export function canRestrictUsers(actor: Actor): boolean {
  return hasFinancePermission(actor);
}

/**
 * Nobody locks or unlocks their own account: a finance user locked for an overdue retirement
 * must not be able to lift the lock themselves.
 */
export function canRestrictUser(actor: Actor, target: { id: number }): boolean {
  return canRestrictUsers(actor) && actor.id !== target.id;
}

export function canAddUsers(actor: Actor): boolean {
  return hasAdminPermission(actor);
}

/** The fields of a user a given actor may change; the server refuses anything else. */
export const IDENTITY_FIELDS = ['fullname', 'department', 'role', 'system_role'] as const;

export function isDepartment(value: unknown): value is (typeof DEPARTMENTS)[number] {
  return typeof value === 'string' && (DEPARTMENTS as readonly string[]).includes(value);
}

export function isPosition(value: unknown): value is Position {
  return typeof value === 'string' && (POSITIONS as readonly string[]).includes(value);
}

/** docs/product-rules.md §Roles: the list query uses the role 'user' in staff mode and the system role in admin mode. */
export function userListRole(mode: 'staff' | 'admin', actor: { system_role: SystemRole }): string {
  return mode === 'staff' ? 'user' : actor.system_role;
}

export const DIRECTOR_ONLY = 'only directors may give the director position or a system role other than staff';

/**
 * Whether a value gives someone powers only a director may give: the director position, or any
 * system role but staff — each of those reviews requests or manages people, and segregation of
 * duties means an admin cannot make an approver.
 */
export function grantsPrivilege(field: 'role' | 'system_role', value: string | undefined): boolean {
  if (!value) return false;
  return field === 'role' ? value === 'director' : value !== 'staff';
}
