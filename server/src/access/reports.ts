import { hasFinancePermission, type SystemRole } from '@imprest/domain';
import { notFound } from '../errors';
import { allows } from './index';

/**
 * The rule 'report.read': finance permission. The reports sum every request and code of the
 * organisation, which finance may see anyway (canSeeRequest, canSeeBudgetCode), so no row filter
 * follows; the route's permission says the same, this is the service's own decision.
 * Without it the reports answer 404, as every finance route does. Answers the organisation whose
 * rows the report reads.
 */
export function reportOrganization(caller: { system_role: SystemRole; organization_id: number }): number {
  if (!allows(caller, 'report.read', hasFinancePermission(caller))) throw notFound();
  return caller.organization_id;
}
