import type { ApprovalBand } from '@imprest/domain';
import type { FastifyInstance } from 'fastify';
import { approvalApi } from './approval';
import { jsonCaller, signIn } from './http';
import { requestBody, requestsApi } from './requests';

/** One band for every amount whose chain ends with the director: the request a director on leave would hold up. */
const directorChain = (): ApprovalBand[] => [
  {
    start_value: 0,
    end_value: null,
    description: 'All',
    user_role: 'A',
    reviewers: ['finance_officer', 'executive_secretary', 'director'],
    cascading_notification: false,
  },
];

/** A signed-in caller of the delegation, review-queue and review-link calls. */
export async function reviewer(app: FastifyInstance, email: string) {
  const { token, user } = await signIn(app, email);
  const call = jsonCaller(app, token);
  return {
    id: user.id as number,
    requests: requestsApi(app, token),
    delegate: (body: Record<string, unknown>) => call('POST', 'delegations', body),
    delegations: () => call('GET', 'delegations'),
    end: (id: number) => call('POST', `delegations/${id}/end`, {}),
    queue: () => call('GET', 'reviews/queue'),
    awaiting: () => call('GET', 'reviews/queue/requests'),
    bulkAccept: (body: unknown) => call('POST', 'reviews/bulk-accept', body),
  };
}
export type Reviewer = Awaited<ReturnType<typeof reviewer>>;

export async function useDirectorChain(app: FastifyInstance) {
  const { token } = await signIn(app, 'director@example.org');
  const saved = await approvalApi(app, token).saveMatrix(directorChain());
  if (saved.statusCode !== 200) throw new Error(saved.body);
}

/** Submits a request as `owner` and answers it with its steps. */
export async function submitted(owner: Reviewer, change: Record<string, unknown> = {}) {
  const response = await owner.requests.create(requestBody({ amount_requested: 10_000, ...change }));
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data as { id: number; reviews: Array<{ id: number; reviewer_role: string }> };
}

/** Acts on the first pending step of a request as `who`. */
export async function act(who: Reviewer, request: { id: number }, status = 'approved', comments = '') {
  const detail = (await who.requests.get(request.id)).json().data;
  const step = detail?.reviews?.find((r: { status: string }) => r.status === 'pending');
  return who.requests.review({ request_id: request.id, review_id: step?.id ?? 1, status, comments });
}

/** The public review-link calls (no session). */
export const linkApi = (app: FastifyInstance) => ({
  view: (token: string) => app.inject({ method: 'GET', url: `/api/v1/review-links/${token}` }),
  act: (token: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/review-links/${token}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    }),
});

/** The action-link tokens mailed since `afterId`, by recipient. */
export async function mailedLinks(app: FastifyInstance, afterId: number): Promise<Array<{ to: string; token: string }>> {
  const rows = await app.db
    .selectFrom('outbox')
    .select(['id', 'to_address', 'text_body'])
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.flatMap((r) => {
    const match = /review-action\?token=([A-Za-z0-9_-]+)/.exec(r.text_body);
    return match ? [{ to: r.to_address, token: match[1] }] : [];
  });
}
