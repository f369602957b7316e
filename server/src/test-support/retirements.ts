import type { FastifyInstance } from 'fastify';
import type { DialectName } from '../db/database';
import { createTestApp, type TestApp } from './app';
import { uploadTestFile } from './files';
import { authHeaders, signIn } from './http';
import { requestBody, requestsApi } from './requests';

/** A signed-in caller of the retirement API (bodies sent as JSON text, so any shape can be tried). */
function retirementsApi(app: FastifyInstance, token: string) {
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...authHeaders(token), ...headers, ...(payload !== undefined && { 'content-type': 'application/json' }) },
      ...(payload !== undefined && { payload: JSON.stringify(payload) }),
    });
  return {
    attach: (requestId: number, idempotencyKey?: string) =>
      call(
        'POST',
        'retirement/attach-retirement',
        { data: { id: requestId } },
        idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
      ),
    submit: (body: unknown) => call('POST', 'retirement/user-submit', body),
    review: (body: unknown) => call('POST', 'retirement/review', body),
    reopen: (id: number) => call('POST', 'retirement/request-edit', { id }),
    get: (id: number | string) => call('GET', `retirement/${id}`),
    list: (query = '') => call('GET', `retirement/requests${query ? `?${query}` : ''}`),
    pending: (role: string, userId: number, query = '') => call('GET', `retirement/pending/${role}/${userId}${query ? `?${query}` : ''}`),
    download: (role: string, userId: number) => call('GET', `retirement/download/${role}?id=${userId}`),
  };
}
export type RetirementsApi = ReturnType<typeof retirementsApi>;

/** A receipt uploaded as `token`'s user, resolving with its key: money spent is retired with a document. */
const uploadReceipt = (app: FastifyInstance, token: string) => uploadTestFile(app, token, 'receipt.pdf', Buffer.from('%PDF-1.4 receipt'));

/** A signed-in user with both APIs, and their receipts' uploads. */
export async function loopCaller(app: FastifyInstance, email: string) {
  const { token, user } = await signIn(app, email);
  return {
    id: user.id,
    token,
    requests: requestsApi(app, token),
    retirements: retirementsApi(app, token),
    receipt: () => uploadReceipt(app, token),
  };
}
export type LoopCaller = Awaited<ReturnType<typeof loopCaller>>;

/** The loop's three people: the owner (staff) and the default band B chain's reviewers. */
export async function loopCallers(app: FastifyInstance) {
  return {
    staff: await loopCaller(app, 'staff@example.org'),
    finance: await loopCaller(app, 'finance_officer@example.org'),
    secretary: await loopCaller(app, 'executive_secretary@example.org'),
  };
}
export type LoopCallers = Awaited<ReturnType<typeof loopCallers>>;

/**
 * A describe block's test app with the loop's callers, fresh for each test (`each`) or once for the
 * file (`all`); `use` receives them once they signed in, so the tests keep their own names for them.
 */
export function loopSetup(dialect: DialectName, use: (loop: LoopCallers & { t: TestApp }) => void, per: 'each' | 'all' = 'each') {
  const [before, after] = per === 'each' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  let t: TestApp;
  before(async () => {
    t = await createTestApp(dialect);
    use({ t, ...(await loopCallers(t.app)) });
  });
  after(() => t.close());
}

/** A request of `owner` approved through the default band B chain (finance officer, executive secretary). */
export async function approvedRequest(
  owner: LoopCaller,
  reviewers: LoopCaller[],
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const created = await owner.requests.create(requestBody(overrides));
  if (created.statusCode !== 201) throw new Error(`request: ${created.statusCode} ${created.body}`);
  const id = created.json().data.id as number;
  for (const reviewer of reviewers) {
    const step = (await reviewer.requests.get(id)).json().data.reviews.find((r: { status: string }) => r.status === 'pending');
    const acted = await reviewer.requests.review({ request_id: id, review_id: step.id, status: 'approved', comments: '' });
    if (acted.statusCode !== 200) throw new Error(`review: ${acted.statusCode} ${acted.body}`);
  }
  return id;
}

/** The first pending step of a retirement's current round. */
export async function pendingStep(api: RetirementsApi, id: number): Promise<{ id: number; reviewer_role: string }> {
  const reviews = (await api.get(id)).json().data.reviews as Array<{ id: number; status: string; reviewer_role: string }>;
  return reviews.find((r) => r.status === 'pending')!;
}

/**
 * A retirement of `owner`'s advance of `advance` TZS, retired as `spent` with a receipt and approved
 * by `reviewers` (the band B chain); resolves with the retirement's id, awaiting its settlement.
 */
export async function approvedRetirement(owner: LoopCaller, reviewers: LoopCaller[], advance: number, spent: number): Promise<number> {
  const id = await approvedRequest(owner, reviewers, { amount_requested: advance });
  return retireApproved(owner, reviewers, id, spent);
}

/** Attaches the retirement of approved request `id`, submits `spent` in `currency` with a receipt, and has `reviewers` approve it. */
export async function retireApproved(
  owner: LoopCaller,
  reviewers: LoopCaller[],
  id: number,
  spent: number,
  currency = 'tzs',
): Promise<number> {
  const retirement = (await reviewers[0].retirements.attach(id)).json().data.id as number;
  const submitted = await owner.retirements.submit({
    id: retirement,
    comments: 'Fares went up on the way back',
    amount_spent: spent,
    amount_currency: currency,
    file_paths: [await owner.receipt()],
  });
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
  for (const reviewer of reviewers) {
    const step = await pendingStep(reviewer.retirements, retirement);
    const acted = await reviewer.retirements.review({
      id: retirement,
      review_id: step.id,
      status: 'approved',
      comments: '',
      is_funds_returned: false,
    });
    if (acted.statusCode !== 200) throw new Error(`review: ${acted.statusCode} ${acted.body}`);
  }
  return retirement;
}

/** POST retirement/settle as `caller`, the body sent as JSON text. */
export const settleApi = (app: FastifyInstance, caller: LoopCaller) => (body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/retirement/settle',
    headers: { ...authHeaders(caller.token), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
