import { DEFAULT_APPROVAL_MATRIX, fromMinorUnits, type ApprovalBand, type ExchangeRates } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The organisation's matrix; the default (ARCHITECTURE §4) until someone saved one. */
export async function loadApprovalMatrix(db: Db, organizationId: number): Promise<ApprovalBand[]> {
  const row = await db.selectFrom('approval_matrices').select('bands').where('organization_id', '=', organizationId).executeTakeFirst();
  return row ? (JSON.parse(row.bands) as ApprovalBand[]) : DEFAULT_APPROVAL_MATRIX.map((band) => ({ ...band, reviewers: [...band.reviewers] }));
}

/** TZS per unit by lower-case currency code, in major units; tzs itself needs no rate. */
export async function loadExchangeRates(db: Db, organizationId: number): Promise<ExchangeRates> {
  const rows = await db.selectFrom('exchange_rates').select(['currency', 'rate']).where('organization_id', '=', organizationId).execute();
  return Object.fromEntries(rows.map((row) => [row.currency, fromMinorUnits(Number(row.rate))]));
}
