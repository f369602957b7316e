import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { hashToken } from '../auth/set-password-token';

/** How long a mailed action link works: a reviewer away for a long weekend can still use it. */
export const REVIEW_LINK_TTL_MS = 72 * 60 * 60 * 1000;

export const reviewLinkUrl = (appUrl: string, token: string) => `${appUrl}/review-action?token=${encodeURIComponent(token)}`;

/**
 * A random single-use token for one recipient, one step and one version of a request (its
 * modified_at when mailed); only its hash is stored, so the outbox text is the only copy.
 */
export async function issueReviewLink(
  db: Kysely<Database>,
  link: { organizationId: number; userId: number; requestId: number; reviewId: number; requestVersion: string },
  at: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('review_links')
    .values({
      organization_id: link.organizationId,
      user_id: link.userId,
      request_id: link.requestId,
      review_id: link.reviewId,
      request_modified_at: link.requestVersion,
      token_hash: hashToken(token),
      created_at: at,
      expires_at: new Date(Date.parse(at) + REVIEW_LINK_TTL_MS).toISOString(),
    })
    .execute();
  return token;
}

export function findReviewLink(db: Kysely<Database>, token: string) {
  return db.selectFrom('review_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
}
