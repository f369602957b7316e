import { REVIEWER_SEQUENCE, approvalMatrixProblem, exchangeRatesProblem, type ApprovalBand, type ExchangeRates } from '@imprest/domain';
import { organizationOf } from '../../access';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import {
  exchangeRatesModifiedAt,
  loadApprovalMatrix,
  loadApprovalMatrixRecord,
  loadExchangeRates,
  lockOrganization,
  replaceExchangeRates,
  saveApprovalMatrixRow,
} from './repository';

/**
 * Trimmed text and reviewers in the order the chain runs them (resolveChain sorts by
 * REVIEWER_SEQUENCE), so First/Second/Third on the matrix page are the real order of review.
 */
function normalized(band: ApprovalBand): ApprovalBand {
  return {
    start_value: band.start_value,
    end_value: band.end_value,
    description: band.description.trim(),
    user_role: band.user_role.trim(),
    reviewers: [...band.reviewers].sort((a, b) => REVIEWER_SEQUENCE.indexOf(a) - REVIEWER_SEQUENCE.indexOf(b)),
    cascading_notification: band.cascading_notification,
  };
}

/** What one save replaces: the organisation's matrix or its set of rates. */
interface Replacement<T> {
  entity: 'approval_matrix' | 'exchange_rates';
  load: (db: Db, organizationId: number) => Promise<T>;
  write: (db: Db, at: string) => Promise<void>;
  /** The audit row's before/after of a value, e.g. {bands}. */
  snapshot: (value: T) => object;
  next: T;
}
type Db = AppContext['db'];

export function createApprovalService(ctx: AppContext) {
  /** One transaction: the organisation held, what was there read, the new value written, an audit row. */
  async function replace<T>(caller: UserRow, { entity, load, write, snapshot, next }: Replacement<T>) {
    await ctx.db.transaction().execute(async (trx) => {
      await lockOrganization(trx, organizationOf(caller), ctx.dialect);
      const before = await load(trx, caller.organization_id);
      const at = nowIso(ctx.clock);
      await write(trx, at);
      await recordAudit(trx, {
        organizationId: caller.organization_id,
        actorId: caller.id,
        entity,
        entityId: caller.organization_id,
        action: 'update',
        before: snapshot(before),
        after: snapshot(next),
        at,
      });
    });
  }

  async function rates(caller: UserRow) {
    const organizationId = organizationOf(caller);
    return { rates: await loadExchangeRates(ctx.db, organizationId), modified_at: await exchangeRatesModifiedAt(ctx.db, organizationId) };
  }

  /**
   * PUT approval-matrix: the whole list of bands, checked by approvalMatrixProblem. It applies to
   * requests submitted from now on; a request keeps the chain it was submitted with.
   */
  async function saveMatrix(caller: UserRow, bands: ApprovalBand[]) {
    const problem = approvalMatrixProblem(bands);
    if (problem) throw new AppError('BAD_REQUEST', problem);
    const next = bands.map(normalized);
    await replace(caller, {
      entity: 'approval_matrix',
      load: loadApprovalMatrix,
      write: (db, at) => saveApprovalMatrixRow(db, { organizationId: caller.organization_id, bands: next, modifiedBy: caller.id, at }),
      snapshot: (value) => ({ bands: value }),
      next,
    });
    return loadApprovalMatrixRecord(ctx.db, caller.organization_id);
  }

  /** PUT exchange-rates: replaces the whole set (a currency left out takes no new requests). */
  async function saveRates(caller: UserRow, next: ExchangeRates) {
    const problem = exchangeRatesProblem(next);
    if (problem) throw new AppError('BAD_REQUEST', problem);
    await replace(caller, {
      entity: 'exchange_rates',
      load: loadExchangeRates,
      write: (db, at) => replaceExchangeRates(db, { organizationId: caller.organization_id, rates: next, modifiedBy: caller.id, at }),
      snapshot: (value) => ({ rates: value }),
      next,
    });
    return rates(caller);
  }

  return {
    matrix: (caller: UserRow) => loadApprovalMatrixRecord(ctx.db, organizationOf(caller)),
    saveMatrix,
    rates,
    saveRates,
  };
}

export type ApprovalService = ReturnType<typeof createApprovalService>;
