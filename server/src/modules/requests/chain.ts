import { bandFor, bandRateOf, ratesWithFloor, resolveChain, toTzs, type ApprovalBand, type SystemRole } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { loadApprovalMatrix, loadExchangeRates } from '../approval/repository';
import { countRoleHolders } from './repository';

export interface ResolvedChain {
  /** The reviewer roles in chain order. */
  roles: SystemRole[];
  band: ApprovalBand;
  /** The rate (TZS cents per unit) the amount was banded at; null for TZS. Stored as the next version's floor. */
  rate: number | null;
}

/**
 * The chain a new request (or a resubmission, afresh) gets from the organisation's matrix and
 * rates (docs/product-rules.md §Requests); the holders exclude the owner, so nobody reviews
 * their own request. A resubmission passes `floorRate`, the rate its earlier version was banded at:
 * a rate cut since then never lowers its band ("Exchange rates"). A request that cannot be routed —
 * no rate for its currency, no band, nobody but the owner to review — is refused (400) rather than
 * stored unreviewable.
 */
export async function chainFor(
  db: Kysely<Database>,
  owner: UserRow,
  amount: number,
  currency: string,
  floorRate: number | null = null,
): Promise<ResolvedChain> {
  const [matrix, today, holders] = await Promise.all([
    loadApprovalMatrix(db, owner.organization_id),
    loadExchangeRates(db, owner.organization_id),
    countRoleHolders(db, owner.organization_id, owner.id),
  ]);
  const rates = ratesWithFloor(today, currency, floorRate);
  try {
    const roles = resolveChain({ matrix, amount, currency, rates, ownerRole: owner.system_role, holders });
    return { roles, band: bandFor(matrix, toTzs(amount, currency, rates))!, rate: bandRateOf(rates, currency) };
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('BAD_REQUEST', `This request cannot be routed for approval: ${error.message}`);
    throw error;
  }
}
