import {
  DIRECTOR_ONLY,
  USER_FIELDS,
  canAddUsers,
  canChooseDirectorPosition,
  emailInUse,
  grantsPrivilege,
  newUsersProblems,
  normalizeUserInput,
  summarizeRowProblems,
  type RowError,
  type SystemRole,
  type User,
  type UserInput,
} from '@imprest/domain';
import { noteReplay, organizationOf } from '../../access';
import { recordAudit } from '../../audit/repository';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { withIdempotency, type Answer, type CallKey } from '../../idempotency';
import { enqueueMail } from '../../mail/outbox-repository';
import { invitationMail } from '../auth/reset-mail';
import { issueSetPasswordToken } from '../auth/set-password-token';
import { emailsInUse, findOrganization, findUsersByIds, insertUser, lockOrganization } from './repository';
import { toApiUser } from './schemas';

/** A row of POST users; `password` is accepted for the spec's payload and ignored. */
export type NewUserRow = UserInput & { password?: string };

const byRowThenField = (a: RowError, b: RowError) =>
  a.row - b.row || USER_FIELDS.indexOf(a.field as keyof UserInput) - USER_FIELDS.indexOf(b.field as keyof UserInput);

function refuse(code: 'BAD_REQUEST' | 'FORBIDDEN', problems: RowError[]): AppError {
  const rows = [...problems].sort(byRowThenField);
  return new AppError(code, summarizeRowProblems(rows), rows);
}

/**
 * POST users: all rows or none. Every new user gets an invitation with a set-password link
 * (docs/product-rules.md §New users), queued in the same transaction; nobody gets a known password.
 */
export async function createUsers(
  ctx: AppContext,
  caller: UserRow,
  input: readonly NewUserRow[],
  call: CallKey,
): Promise<Answer<{ users: User[] }>> {
  const rows: UserInput[] = input.map((row) =>
    normalizeUserInput({
      fullname: row.fullname,
      department: row.department,
      phone_number: row.phone_number,
      email: row.email,
      role: row.role,
      system_role: row.system_role,
    }),
  );

  if (!canAddUsers(caller)) throw notFound();
  if (!canChooseDirectorPosition(caller)) {
    const directors = rows.flatMap((row, index) =>
      (['role', 'system_role'] as const)
        .filter((field) => grantsPrivilege(field, row[field]))
        .map((field) => ({ row: index + 1, field, message: DIRECTOR_ONLY })),
    );
    if (directors.length) throw refuse('FORBIDDEN', directors);
  }

  const answer = await withIdempotency(ctx, { userId: caller.id, ...call }, async (trx) => {
    await lockOrganization(trx, ctx.dialect, organizationOf(caller));
    const problems = newUsersProblems(rows);
    const badEmailRows = new Set(problems.filter((p) => p.field === 'email').map((p) => p.row));
    const taken = await emailsInUse(trx, caller.organization_id, [...new Set(rows.map((r) => r.email))]);
    rows.forEach((row, index) => {
      if (taken.has(row.email) && !badEmailRows.has(index + 1))
        problems.push({ row: index + 1, field: 'email', message: emailInUse(row.email) });
    });
    if (problems.length) throw refuse('BAD_REQUEST', problems);

    const organization = await findOrganization(trx, caller.organization_id);
    const now = ctx.clock();
    const at = now.toISOString();
    const created: number[] = [];
    for (const row of rows) {
      const id = await insertUser(trx, {
        ...row,
        system_role: row.system_role as SystemRole,
        organization_id: caller.organization_id,
        created_at: at,
        modified_at: at,
        last_logged_in: null,
        password_hash: null,
        lock_reason: null,
        deleted_at: null,
      });
      const token = await issueSetPasswordToken(trx, { userId: id, kind: 'invite', now });
      const mail = invitationMail({
        appUrl: ctx.config.appUrl,
        organizationId: caller.organization_id,
        organizationName: organization.name,
        invitedBy: caller.fullname,
        fullname: row.fullname,
        email: row.email,
        token,
      });
      await enqueueMail(trx, mail, at);
      await recordAudit(trx, {
        organizationId: caller.organization_id,
        actorId: caller.id,
        entity: 'user',
        entityId: id,
        action: 'create',
        before: null,
        after: row,
        at,
      });
      created.push(id);
    }
    const users = (await findUsersByIds(trx, created)).map((u) => toApiUser(u, caller));
    return { status: 201, body: { users } };
  });
  noteReplay(caller, answer.replayed);
  if (!answer.replayed) ctx.nudgeMail();
  return answer;
}
