import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/database';
import type { Database, OutboxRow } from '../db/schema';

type Db = Kysely<Database>;

export interface NewMail {
  organizationId: number | null;
  to: string;
  subject: string;
  text: string;
}

/** Queues a message; call it inside the transaction of the change that causes the mail. */
export async function enqueueMail(db: Db, mail: NewMail, now: string): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      organization_id: mail.organizationId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      created_at: now,
      next_attempt_at: now,
    })
    .execute();
}

/**
 * Claims due messages by pushing their next attempt past a lease, so a crash mid-send only
 * delays a message and other instances skip it. PostgreSQL uses SKIP LOCKED so concurrent
 * workers never wait on, or double-claim, the same rows.
 */
export function claimDueMail(db: Db, dialect: DialectName, now: string, leaseUntil: string, limit: number): Promise<OutboxRow[]> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit);
    if (dialect === 'postgres') query = query.forUpdate().skipLocked();
    const rows = await query.execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable('outbox')
      .set({ next_attempt_at: leaseUntil })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows;
  });
}

export async function markMailSent(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({ sent_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
}

export async function markMailFailed(db: Db, id: number, attempts: number, nextAttemptAt: string, error: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ attempts, next_attempt_at: nextAttemptAt, last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}

export async function countUnsentMail(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
