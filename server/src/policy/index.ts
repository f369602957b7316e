import type { AccessRule } from '../access';
import { hasAdminPermission, hasFinancePermission, hasSuperAdminPermission, type User } from '@imprest/domain';

/**
 * The one place that says who may call what (docs/architecture.md §Server). Every route names one of these
 * in `config.permission`; the auth plugin refuses to start with an /api route that does not.
 */
const PERMISSIONS = ['public', 'authenticated', 'admin', 'finance', 'super_admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /**
     * The object-level rules of the access module (server/src/access) the service applies; every
     * /api route declares them ([] only for routes that touch nothing but the caller's session or
     * nothing at all). A 2xx answer of a route that did not apply them all is refused in tests.
     */
    access?: readonly AccessRule[];
    /** Other checks the service makes (validation, state), named after their functions, for the route table. */
    objectRule?: string;
    /**
     * The reason a signed-in caller without the permission gets as 403. Only for routes whose
     * object everyone may read (the approval matrix): hiding it as 404 would hide nothing.
     */
    forbidden?: string;
  }
}

/** Whether a signed-in user (or nobody, for public routes) holds a permission. */
export function isAllowed(permission: Permission, user: Pick<User, 'system_role'> | null): boolean {
  switch (permission) {
    case 'public':
      return true;
    case 'authenticated':
      return user !== null;
    case 'admin':
      return hasAdminPermission(user);
    case 'finance':
      return hasFinancePermission(user);
    case 'super_admin':
      return hasSuperAdminPermission(user);
  }
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}
