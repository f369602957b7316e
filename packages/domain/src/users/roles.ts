/** System roles, lowest to highest rank (docs/product-rules.md §Roles "Role order"). */
export const SYSTEM_ROLES = [
  'staff',
  'admin',
  'petty_cash_custodian',
  'stem_park_manager',
  'finance_officer',
  'executive_secretary',
  'director',
  'board_chairman',
] as const;

export type SystemRole = (typeof SYSTEM_ROLES)[number];

/** The order in which reviewer steps of a chain are sorted (docs/product-rules.md §Roles). */
export const REVIEWER_SEQUENCE: readonly SystemRole[] = [
  'petty_cash_custodian',
  'finance_officer',
  'executive_secretary',
  'director',
  'board_chairman',
];

const FINANCE_ROLES: readonly SystemRole[] = ['finance_officer', 'executive_secretary', 'director'];

/** Roles that see every department's budget codes (docs/product-rules.md §Roles). */
const ALL_DEPARTMENT_BUDGET_ROLES: readonly SystemRole[] = ['finance_officer', 'director', 'board_chairman', 'executive_secretary'];

export const ROLE_LABELS: Record<SystemRole, string> = {
  staff: 'Staff',
  admin: 'Admin',
  petty_cash_custodian: 'Petty Cash Custodian',
  stem_park_manager: 'Stem Park Manager',
  finance_officer: 'Finance Officer',
  executive_secretary: 'Executive Secretary',
  director: 'Director',
  board_chairman: 'Board Chairman',
};

export function isSystemRole(value: unknown): value is SystemRole {
  return typeof value === 'string' && (SYSTEM_ROLES as readonly string[]).includes(value);
}

interface HasRole {
  system_role: SystemRole;
}

/** Admin permission: any role other than staff. Gates Admin mode and the Users section. */
export function hasAdminPermission(user: HasRole | null | undefined): boolean {
  return !!user && user.system_role !== 'staff';
}

/** Finance permission: budget section, budget download/edit, Request Retirement, lock/unlock. */
export function hasFinancePermission(user: HasRole | null | undefined): boolean {
  return !!user && FINANCE_ROLES.includes(user.system_role);
}

/** Super admin permission: directors only. */
export function hasSuperAdminPermission(user: HasRole | null | undefined): boolean {
  return !!user && user.system_role === 'director';
}

export function seesAllDepartmentBudgets(user: HasRole): boolean {
  return ALL_DEPARTMENT_BUDGET_ROLES.includes(user.system_role);
}
