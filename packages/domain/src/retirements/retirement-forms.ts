import type { Retirement } from '../contract/retirements';
import { hasFinancePermission, type SystemRole } from '../users/roles';

type Viewer = { id: number; system_role: SystemRole };
type RetirementFacts = Pick<Retirement, 'status' | 'retirement_owner_id' | 'settlement_state'>;

/** Only the owner fills a retirement in, and only while it is pending (docs/product-rules.md §Statuses). */
export function fillsInRetirement(viewer: Viewer, r: RetirementFacts): boolean {
  return r.status === 'pending' && viewer.id === r.retirement_owner_id;
}

/** A finance user other than the owner records the settlement while it awaits (docs/product-rules.md §Money, "Settlement"). */
export function recordsSettlement(viewer: Viewer, r: RetirementFacts): boolean {
  return r.settlement_state === 'awaiting' && hasFinancePermission(viewer) && viewer.id !== r.retirement_owner_id;
}

/** Finance and the retirement's owner see its history (the audit log) on its page. */
export function seesRetirementHistory(viewer: Viewer, r: Pick<Retirement, 'retirement_owner_id'>): boolean {
  return hasFinancePermission(viewer) || viewer.id === r.retirement_owner_id;
}

/** The forms a retirement's page may show: the owner's submission, finance's settlement. */
type RetirementFormPart = 'submit' | 'settle';

/**
 * The forms the retirement's page shows this viewer. Each is code of its own, loaded only then
 * (formik, yup and, for the settlement, the phone rules): the shell starts it as soon as the
 * retirement's answer arrives, beside the page's code.
 */
export function retirementFormParts(viewer: Viewer, r: RetirementFacts): RetirementFormPart[] {
  const parts: RetirementFormPart[] = [];
  if (fillsInRetirement(viewer, r)) parts.push('submit');
  if (recordsSettlement(viewer, r)) parts.push('settle');
  return parts;
}
