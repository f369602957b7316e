import { MOVEMENT_MESSAGES, mobileNetworkLabel, type MobileNetwork } from '@imprest/domain';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';

type Db = Kysely<Database>;

/**
 * One mobile-money receipt is one transaction of a network: the organisation records it once,
 * whether as a payout's part or as a settlement. Both calls ask here, inside their transaction,
 * before they write. The payout locks its request row and the settlement its retirement row —
 * different rows — so on PostgreSQL this also takes a transaction-level advisory lock on the
 * organisation's receipt: of two calls given the same receipt at once the second waits for the
 * first to commit and then sees its row. It is always the last lock either call takes, so no
 * deadlock. SQLite runs one writer at a time. Throws 409 naming the receipt and where it is.
 */
export async function claimMobileReceipt(
  db: Db,
  dialect: DialectName,
  organizationId: number,
  network: MobileNetwork,
  reference: string,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`mobile-receipt:${organizationId}:${network}:${reference}`}, 0))`.execute(db);
  }
  const used = async (table: 'payouts' | 'settlements') =>
    (await db
      .selectFrom(table)
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('method', '=', 'mobile_money')
      .where('network', '=', network)
      .where('reference', '=', reference)
      .executeTakeFirst()) !== undefined;
  const record = (await used('payouts')) ? 'payout' : (await used('settlements')) ? 'settlement' : null;
  if (record) throw conflict(MOVEMENT_MESSAGES.receiptUsed(mobileNetworkLabel(network), reference, record), 'RECEIPT_ALREADY_RECORDED');
}
