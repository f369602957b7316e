import { hasAdminPermission } from './roles';
import type { SystemRole } from './roles';

/**
 * Whose requests (and retirements) a list shows: what the person's role may see in admin mode, their
 * own ('user') otherwise. The list pages and the shell's read ahead of the request list key on it.
 * A module of its own: roles.ts is in the Sign In page's code, this only in the dashboard's.
 */
export function listScope(user: { system_role: SystemRole }, mode: 'admin' | 'staff'): 'user' | SystemRole {
  return mode === 'admin' && hasAdminPermission(user) ? user.system_role : 'user';
}
