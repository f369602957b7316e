import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AwaitingReviewListSchema, BulkAcceptBody, BulkReviewAnswer, ReviewQueueSchema } from '@imprest/domain/contract';
import { errors } from '../../schemas';
import { AWAITING_LIST_MAX, type ReviewQueueService } from './service';

const signedIn: { security: Array<Record<string, string[]>>; tags: string[] } = {
  security: [{ bearer: [] }, { token: [] }],
  tags: ['requests'],
};

/** The reviewer's queue at a glance, and Accept selected. */
export const reviewQueueRoutes: FastifyPluginAsyncTypebox<{ queue: ReviewQueueService }> = async (app, { queue }) => {
  app.get(
    '/reviews/queue',
    {
      config: {
        permission: 'admin',
        access: ['request.read'],
        objectRule: "next step of the caller's role or a role delegated to them; not own; not already acted on",
      },
      schema: {
        ...signedIn,
        summary: 'How many requests await the caller, and the oldest with how long it has waited',
        response: { 200: ReviewQueueSchema, ...errors(401, 403) },
      },
    },
    async (request) => queue.queue(request.user!),
  );

  app.get(
    '/reviews/queue/requests',
    {
      config: {
        permission: 'admin',
        access: ['request.read'],
        objectRule: "next step of the caller's role or a role delegated to them that they may take; not own; not already acted on",
      },
      schema: {
        ...signedIn,
        summary: `The requests the caller may accept now, oldest waiting first (at most ${AWAITING_LIST_MAX}), each with on whose behalf`,
        response: { 200: AwaitingReviewListSchema, ...errors(401, 403) },
      },
    },
    async (request) => queue.awaitingList(request.user!),
  );

  app.post(
    '/reviews/bulk-accept',
    {
      config: {
        permission: 'admin',
        access: ['request.read', 'request.review'],
        objectRule: 'each item: every check of PUT reviews, in its own transaction',
      },
      schema: {
        ...signedIn,
        summary: 'Accept the first pending step of each request; answers per item (reject and return stay one at a time)',
        body: BulkAcceptBody,
        response: { 200: BulkReviewAnswer, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => queue.bulkAccept(request.user!, request.body),
  );
};
