import type { Mode } from '@imprest/api-client';
import { hasAdminPermission, type SystemRole, type User } from '@imprest/domain';

/** Admin mode shows what awaits the user's role; a staff role never reviews, so it keeps its own. */
export function homeRole(user: User, mode: Mode): SystemRole | undefined {
  return mode === 'admin' && hasAdminPermission(user) ? user.system_role : undefined;
}
