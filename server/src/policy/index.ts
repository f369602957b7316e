import { hasAdminPermission, hasFinancePermission, hasSuperAdminPermission, type User } from '@imprest/domain';

/**
 * The one place that says who may call what (ARCHITECTURE §3). Every route names one of these
 * in `config.permission`; the auth plugin refuses to start with an /api route that does not.
 */
export const PERMISSIONS = ['public', 'authenticated', 'admin', 'finance', 'super_admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /**
     * The object-level rule the service applies on top (named after the shared domain function),
     * so the reviewed route table shows it too.
     */
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

/** Object-level rule: only the account holder may change their own settings. */
export function canChangeOwnSettings(caller: Pick<User, 'id'>, targetUserId: number): boolean {
  return caller.id === targetUserId;
}
