import { DEPARTMENTS, POSITIONS, ROLE_LABELS, SYSTEM_ROLES, grantsPrivilege, isSystemRole, optionLabel } from '@imprest/domain';
import type { Option } from '@imprest/ui';

export const DEPARTMENT_OPTIONS: Option[] = DEPARTMENTS.map((value) => ({ value, label: optionLabel(value) }));

export function roleLabel(role: string): string {
  return isSystemRole(role) ? ROLE_LABELS[role] : optionLabel(role);
}

/**
 * Positions and system roles on offer: the director position and every system role but staff only
 * to those who may give them (directors), but a record that already holds one keeps showing it.
 */
export function positionOptions(allowDirector: boolean, current = ''): Option[] {
  return POSITIONS.filter((p) => !grantsPrivilege('role', p) || allowDirector || current === p).map((value) => ({
    value,
    label: optionLabel(value),
  }));
}

export function systemRoleOptions(allowDirector: boolean, current = ''): Option[] {
  return SYSTEM_ROLES.filter((r) => r === 'staff' || allowDirector || current === r).map((value) => ({ value, label: ROLE_LABELS[value] }));
}
