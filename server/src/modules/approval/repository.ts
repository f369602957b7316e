import { DEFAULT_APPROVAL_MATRIX, fromMinorUnits, toMinorUnits, type ApprovalBand, type ExchangeRates } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The organisation's matrix; the default (docs/product-rules.md) until someone saved one. */
export async function loadApprovalMatrix(db: Db, organizationId: number): Promise<ApprovalBand[]> {
  const row = await db.selectFrom('approval_matrices').select('bands').where('organization_id', '=', organizationId).executeTakeFirst();
  return row
    ? (JSON.parse(row.bands) as ApprovalBand[])
    : DEFAULT_APPROVAL_MATRIX.map((band) => ({ ...band, reviewers: [...band.reviewers] }));
}

/** TZS per unit by lower-case currency code, in major units; tzs itself needs no rate. */
export async function loadExchangeRates(db: Db, organizationId: number): Promise<ExchangeRates> {
  const rows = await db.selectFrom('exchange_rates').select(['currency', 'rate']).where('organization_id', '=', organizationId).execute();
  return Object.fromEntries(rows.map((row) => [row.currency, fromMinorUnits(Number(row.rate))]));
}

export interface MatrixRecordRow {
  bands: ApprovalBand[];
  modified_at: string | null;
  modified_by_name: string | null;
}

/** The matrix with who saved it last; nulls while the default applies. */
export async function loadApprovalMatrixRecord(db: Db, organizationId: number): Promise<MatrixRecordRow> {
  const row = await db
    .selectFrom('approval_matrices')
    .leftJoin('users', 'users.id', 'approval_matrices.modified_by')
    .select(['approval_matrices.modified_at', 'users.fullname'])
    .where('approval_matrices.organization_id', '=', organizationId)
    .executeTakeFirst();
  return {
    bands: await loadApprovalMatrix(db, organizationId),
    modified_at: row ? row.modified_at : null,
    modified_by_name: row?.fullname ?? null,
  };
}

/**
 * Holds the organisation's row until commit in PostgreSQL, so two saves of its matrix or rates
 * run one after the other and each audit row's "before" is what the save replaced. SQLite runs
 * one write transaction at a time anyway.
 */
export async function lockOrganization(db: Db, organizationId: number, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
}

export async function saveApprovalMatrixRow(
  db: Db,
  row: { organizationId: number; bands: ApprovalBand[]; modifiedBy: number; at: string },
): Promise<void> {
  const values = { bands: JSON.stringify(row.bands), modified_by: row.modifiedBy, modified_at: row.at };
  await db
    .insertInto('approval_matrices')
    .values({ organization_id: row.organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
}

/** When the rates were last saved, or null before the first save. */
export async function exchangeRatesModifiedAt(db: Db, organizationId: number): Promise<string | null> {
  const row = await db
    .selectFrom('exchange_rates')
    .select((eb) => eb.fn.max('modified_at').as('at'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row?.at ? String(row.at) : null;
}

/** Replaces the organisation's whole set of rates (TZS per unit, major units in, cents stored). */
export async function replaceExchangeRates(
  db: Db,
  row: { organizationId: number; rates: ExchangeRates; modifiedBy: number; at: string },
): Promise<void> {
  await db.deleteFrom('exchange_rates').where('organization_id', '=', row.organizationId).execute();
  const values = Object.entries(row.rates).map(([currency, rate]) => ({
    organization_id: row.organizationId,
    currency,
    rate: toMinorUnits(rate)!,
    modified_by: row.modifiedBy,
    modified_at: row.at,
  }));
  if (values.length) await db.insertInto('exchange_rates').values(values).execute();
}
