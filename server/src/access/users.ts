import { canDeleteUser, canEditUser, canRestrictUser, canViewUser } from '@imprest/domain';
import { allows } from './index';

type Actor = Parameters<typeof canEditUser>[0];
type UserRule = 'user.read' | 'user.update' | 'user.delete' | 'user.restrict';

const DECIDE: Record<UserRule, (caller: Actor, target: { id: number }) => boolean> = {
  'user.read': canViewUser,
  'user.update': canEditUser,
  'user.delete': canDeleteUser,
  'user.restrict': canRestrictUser,
};

/** Whether the caller may do `rule` to a user of their organisation already read (the domain rule of each). */
export function mayActOnUser(caller: Actor, rule: UserRule, target: { id: number }): boolean {
  return allows(caller, rule, DECIDE[rule](caller, target));
}

/** The rule 'caller': the user a call names is the caller. */
export function isCaller(caller: { id: number }, userId: number): boolean {
  return allows(caller, 'caller', caller.id === userId);
}
