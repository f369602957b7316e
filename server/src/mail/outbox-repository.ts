import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/database';
import type { Database, OutboxRow, OutboxStatus } from '../db/schema';
import { mailHtml, mailText, type MailLine } from './compose';

type Db = Kysely<Database>;

/**
 * 'account' mail (set-password links, invitations, e-mail changes) is what a person is waiting for
 * in front of a screen: it is sent before any 'notification', however many of those are queued.
 */
export type MailKind = 'account' | 'notification';
export const MAIL_PRIORITY: Record<MailKind, number> = { account: 0, notification: 1 };

export interface NewMail {
  organizationId: number | null;
  to: string;
  subject: string;
  /** The message, written once: it becomes the text and the HTML part (mail/compose.ts). */
  lines: MailLine[];
  /** Default 'notification'. */
  kind?: MailKind;
  /** The user a notification is for, whose unsubscribe link it carries (required for notifications). */
  recipientId?: number;
  /** When the link in the message stops working (ISO time); the worker drops it unsent after that. */
  expiresAt?: string | null;
  /** The same as a duration from the `now` passed to enqueueMail (the instant the token was issued). */
  validForMs?: number;
}

/** Queues a message; call it inside the transaction of the change that causes the mail. */
export async function enqueueMail(db: Db, mail: NewMail, now: string): Promise<void> {
  const expiresAt = mail.expiresAt ?? (mail.validForMs === undefined ? null : new Date(Date.parse(now) + mail.validForMs).toISOString());
  await db
    .insertInto('outbox')
    .values({
      organization_id: mail.organizationId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mailText(mail.lines),
      html_body: mailHtml(mail.subject, mail.lines),
      recipient_id: mail.recipientId ?? null,
      created_at: now,
      next_attempt_at: now,
      priority: MAIL_PRIORITY[mail.kind ?? 'notification'],
      expires_at: expiresAt,
    })
    .execute();
}

const QUEUED = sql.lit<OutboxStatus>('queued');

/**
 * Claims due messages, account mail first, by pushing their next attempt past a lease, so a crash
 * mid-send only delays a message and other instances skip it. PostgreSQL uses SKIP LOCKED so
 * concurrent workers never wait on, or double-claim, the same rows. The order is the outbox_due
 * index's (status is written as a literal so PostgreSQL matches that partial index).
 */
export function claimDueMail(db: Db, dialect: DialectName, now: string, leaseUntil: string, limit: number): Promise<OutboxRow[]> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('outbox')
      .selectAll()
      .where('status', '=', QUEUED)
      .where('next_attempt_at', '<=', now)
      .orderBy('priority')
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
    .set((eb) => ({ status: 'sent', sent_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: tried again at nextAttemptAt, or, with `dead`, never again. */
export async function markMailFailed(
  db: Db,
  id: number,
  attempts: number,
  nextAttemptAt: string,
  error: string,
  dead = false,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ attempts, next_attempt_at: nextAttemptAt, last_error: error.slice(0, 1000), status: dead ? 'dead' : 'queued' })
    .where('id', '=', id)
    .execute();
}

/** Its link no longer works, so it is not sent at all. */
export async function markMailExpired(db: Db, id: number): Promise<void> {
  await db.updateTable('outbox').set({ status: 'expired' }).where('id', '=', id).execute();
}

/** Messages still waiting to be sent (neither sent, expired nor dead). */
export async function countUnsentMail(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('status', '=', QUEUED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletes sent and expired messages created before `before`, a batch at a time so no statement
 * holds many row locks; dead ones stay for someone to look at. Resolves with how many went.
 */
export async function purgeFinishedMail(db: Db, before: string, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    // Ids first, then a delete by primary key: PostgreSQL joins `id in (subquery)` by a full scan.
    const old = await db
      .selectFrom('outbox')
      .select('id')
      .where(sql<boolean>`status in ('sent', 'expired')`)
      .where('created_at', '<', before)
      .limit(batch)
      .execute();
    if (old.length) {
      await db
        .deleteFrom('outbox')
        .where(
          'id',
          'in',
          old.map((r) => r.id),
        )
        .execute();
    }
    total += old.length;
    if (old.length < batch) return total;
  }
}
