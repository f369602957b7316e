import { DEPARTMENTS, POSITIONS, ROLE_LABELS, SYSTEM_ROLES, isSystemRole, optionLabel } from '@imprest/domain';
import type { Option } from './SelectInput';

export const DEPARTMENT_OPTIONS: Option[] = DEPARTMENTS.map((value) => ({ value, label: optionLabel(value) }));

export function roleLabel(role: string): string {
  return isSystemRole(role) ? ROLE_LABELS[role] : optionLabel(role);
}

/**
 * Positions and system roles on offer: 'director' only to those who may give it (SPEC §5), but a
 * record that already holds it keeps showing it.
 */
export function positionOptions(allowDirector: boolean, current = ''): Option[] {
  return POSITIONS.filter((p) => p !== 'director' || allowDirector || current === 'director').map((value) => ({ value, label: optionLabel(value) }));
}

export function systemRoleOptions(allowDirector: boolean, current = ''): Option[] {
  return SYSTEM_ROLES.filter((r) => r !== 'director' || allowDirector || current === 'director').map((value) => ({ value, label: ROLE_LABELS[value] }));
}
