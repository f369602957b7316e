import {
  REQUEST_MESSAGES,
  organizationToday,
  canSeeBudgetCode,
  normalizeRequestInput,
  requestProblems,
  toMinorUnits,
  type RequestEditInput,
  type RequestInput,
  type RequestRecord,
  type SystemRole,
} from '@imprest/domain';
import type { Transaction } from 'kysely';
import { allows } from '../../access';
import { maySeeRequest } from '../../access/requests';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { Database, UserRow } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { FileStore } from '../../storage';
import { findBudget } from '../budget/repository';
import { committedBy, usageChange } from '../budget/usage';
import { assertFilesUsable } from '../files/access';
import { chainFor } from './chain';
import { mailSubmitted } from './notify';
import {
  chainRolesOf,
  findRequest,
  insertRequest,
  insertReviews,
  organizationTimeZone,
  updateRequestRow,
  type RequestWithBudget,
} from './repository';
import { toApiRequest } from './schemas';
import { tallyChange } from './tallies';
import { awaitingChange, awaitingStateOf } from './awaiting-tallies';

export const ACCOUNT_LOCKED =
  'Your account is locked due to pending retirement: you cannot submit new requests or edit existing ones. If this is not correct, contact your finance officer.';
export const ONLY_OWNER_RESUBMITS = 'Only the owner of a request can resubmit it';
export const NOT_RETURNED = 'Only a request returned for edits can be resubmitted';
export const ALREADY_RESUBMITTED = 'This version was already resubmitted; open the latest version';
export const unusableCode = (code: number) => `Budget code ${code} is not an active code you can request against`;

type Trx = Transaction<Database>;

/**
 * The version a resubmission replaces: the caller's own, latest, returned for edits (docs/product-rules.md
 * "Request status"), with the reviewer roles of all its versions.
 */
async function returnedParent(
  ctx: AppContext,
  trx: Trx,
  caller: UserRow,
  parentId: number,
): Promise<{ parent: RequestWithBudget; roles: SystemRole[] }> {
  const parent = await findRequest(trx, caller.organization_id, parentId, ctx.dialect);
  const roles = parent ? await chainRolesOf(trx, parent.root_request_id!) : [];
  if (!parent || !maySeeRequest(caller, parent, roles)) throw notFound();
  if (!allows(caller, 'request.resubmit', parent.request_owner_id === caller.id)) throw forbidden(ONLY_OWNER_RESUBMITS);
  if (parent.is_latest !== 1) throw conflict(ALREADY_RESUBMITTED, 'REQUEST_SUPERSEDED');
  if (parent.current_status !== 'request_edit') throw conflict(NOT_RETURNED, 'REQUEST_NOT_EDITABLE');
  return { parent, roles };
}

/**
 * The request's values checked against what only the server knows: an active code of the caller's
 * organisation they may see, in its currency, within its balance, and files the owner uploaded.
 * The code row is locked first (PostgreSQL; SQLite runs one write transaction at a time), so the
 * balance read here stays true until this transaction commits: concurrent requests never overspend.
 */
async function checkedValues(
  ctx: AppContext,
  trx: Trx,
  caller: UserRow,
  input: RequestInput,
  store: FileStore,
  parent: RequestWithBudget | null,
) {
  const today = organizationToday(await organizationTimeZone(trx, caller.organization_id), ctx.clock());
  const [problem] = requestProblems(input, today);
  if (problem) throw new AppError('BAD_REQUEST', problem.message);
  const values = normalizeRequestInput({ ...input, file_paths: input.file_paths ?? [] });
  const budget = await findBudget(trx, caller.organization_id, { code: values.budget_code }, ctx.dialect);
  if (!allows(caller, 'budget.use', !!budget && canSeeBudgetCode(caller, budget) && budget.current_status === 'active') || !budget)
    throw new AppError('BAD_REQUEST', unusableCode(values.budget_code));
  if (values.amount_currency !== budget.amount_currency) throw new AppError('BAD_REQUEST', REQUEST_MESSAGES.currencyDiffers);
  const amount = toMinorUnits(values.amount_requested)!;
  // a resubmission's parent on this code stops committing in this transaction (usageChange, below)
  const released = parent && parent.budget_code_id === budget.id ? committedBy(parent) : 0;
  if (amount > budget.amount - budget.committed + released) throw new AppError('REQUEST_OVER_BALANCE', REQUEST_MESSAGES.overBalance);
  await assertFilesUsable(trx, caller, values.file_paths, store, ctx.clock());
  return { values, amount, budget };
}

/**
 * POST requests and POST requests/request/request-edit, inside the caller's transaction (the
 * idempotency wrapper's): the new version, its chain from the matrix (afresh on resubmission), one
 * review row per step, the audit row and the first step's mail. A resubmission supersedes its
 * parent first, so the parent's amount no longer counts against the balance.
 */
export async function submitRequest(
  ctx: AppContext,
  trx: Trx,
  caller: UserRow,
  input: RequestInput | RequestEditInput,
  store: FileStore,
): Promise<{ record: RequestRecord; parentId: number | null }> {
  if (caller.is_locked === 1) throw forbidden(ACCOUNT_LOCKED, 'ACCOUNT_LOCKED');
  const at = nowIso(ctx.clock);
  const returned = 'parent_request' in input ? await returnedParent(ctx, trx, caller, input.parent_request) : null;
  const parent = returned?.parent ?? null;
  if (parent) await updateRequestRow(trx, parent.id, { is_latest: 0, modified_at: at });

  const { parent_request: _parent, ...fields } = input as RequestEditInput;
  const { values, amount, budget } = await checkedValues(ctx, trx, caller, fields, store, parent);
  // a resubmission in the same currency is never banded at a lower rate than the version it replaces
  const floorRate = parent && parent.amount_currency === values.amount_currency ? parent.band_rate : null;
  const chain = await chainFor(trx, caller, values.amount_requested, values.amount_currency, floorRate);
  const { budget_code: _code, ...columns } = values;
  const row = await insertRequest(trx, {
    ...columns,
    organization_id: caller.organization_id,
    request_owner_id: caller.id,
    request_owner_name: caller.fullname,
    department: caller.department,
    amount_requested: amount,
    budget_code_id: budget.id,
    file_paths: JSON.stringify(values.file_paths),
    parent_request: parent?.id ?? null,
    root_request_id: parent?.root_request_id ?? null,
    version: parent ? parent.version + 1 : 1,
    is_latest: 1,
    current_status: 'pending',
    next_reviewer_role: chain.roles[0],
    band: chain.band.user_role,
    band_rate: chain.rate,
    cascading_notification: chain.band.cascading_notification ? 1 : 0,
    approval_number: null,
    approved_at: null,
    current_retirement: null,
    created_at: at,
    modified_at: at,
  });
  const reviews = await insertReviews(
    trx,
    chain.roles.map((reviewer_role, position) => ({
      organization_id: caller.organization_id,
      request_id: row.id,
      position,
      reviewer_role,
      status: 'pending' as const,
      reviewer_id: null,
      reviewer_name: null,
      reviewer_title: null,
      comments: '',
      acted_at: null,
      created_at: at,
    })),
  );
  // the parent stops being a latest version; the new one is, with the roles of every version's chain
  await tallyChange(
    trx,
    { organizationId: caller.organization_id, ownerId: caller.id },
    returned && { status: returned.parent.current_status, roles: returned.roles },
    { status: 'pending', roles: [...(returned?.roles ?? []), ...chain.roles] },
  );
  // the budget: the parent stops committing (it may be on another code), the new version commits;
  // after the code's lock, in code order, so no two submissions wait on each other in a circle
  await usageChange(trx, [...(parent ? [{ before: parent, after: { ...parent, is_latest: 0 } }] : []), { before: null, after: row }]);
  // the new version waits for its first step (the parent, returned for edits, waited for nobody);
  // last of the tallies, as a review moves them, so two transactions lock them in one order
  await awaitingChange(trx, caller.organization_id, parent && awaitingStateOf(parent, []), awaitingStateOf(row, reviews));
  const record = toApiRequest({ ...row, budget_code: budget.code, budget_name: budget.name }, reviews);
  const { reviews: _steps, ...after } = record;
  await recordAudit(trx, {
    organizationId: caller.organization_id,
    actorId: caller.id,
    entity: 'request',
    entityId: row.id,
    action: parent ? 'resubmit' : 'create',
    before: parent ? { id: parent.id, version: parent.version, current_status: parent.current_status, is_latest: true } : null,
    after: { ...after, chain: chain.roles },
    at,
  });
  await mailSubmitted(trx, ctx.config.appUrl, row, chain.roles, at, parent !== null);
  return { record, parentId: parent?.id ?? null };
}
