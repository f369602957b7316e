import { hasFinancePermission, type SystemRole } from '@imprest/domain';
import { notFound } from '../errors';
import { allows } from './index';

interface Reader {
  id: number;
  organization_id: number;
  system_role: SystemRole;
}

/**
 * The rule 'history.read' for a record already read (null: none of the caller's organisation):
 * finance — the finance officer, executive secretary and director — read the history of every
 * record of the organisation (they may see each: canSeeRequest, canSeeBudgetCode, canViewUser);
 * everyone else only of records they own. A refusal is a 404, like a missing record.
 */
export function assertHistoryReader(caller: Reader, record: { organization_id: number; owner_id: number | null } | null | undefined): void {
  const decision =
    !!record && record.organization_id === caller.organization_id && (record.owner_id === caller.id || hasFinancePermission(caller));
  if (!allows(caller, 'history.read', decision)) throw notFound();
}
