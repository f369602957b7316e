import type { Insertable, Kysely } from 'kysely';
import type { Database, EmailChangeTable } from '../../db/schema';

type Db = Kysely<Database>;

/** Closes the user's open changes: a newer one replaces them, so only the last link works. */
export async function closeOpenEmailChanges(db: Db, userId: number, at: string, outcome: 'replaced' | 'confirmed'): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ closed_at: at, outcome })
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .execute();
}

export async function insertEmailChange(db: Db, values: Insertable<EmailChangeTable>): Promise<void> {
  await db.insertInto('email_changes').values(values).execute();
}

/** An open, unexpired change by its token hash. */
export function findOpenEmailChange(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('closed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
