import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAYOUT_MESSAGES } from '@imprest/domain';
import { IdempotencyHeaders, callKeyOf } from '../../idempotency';
import { errors } from '../../schemas';
import { PayoutAnswer, PayoutBody } from './schemas';
import type { PayoutService } from './service';

/** Thin route: schema, permission and access rules here, the rules themselves in record-payout. */
export const payoutRoutes: FastifyPluginAsyncTypebox<{ payouts: PayoutService }> = async (app, { payouts }) => {
  app.post(
    '/requests/payout',
    {
      config: {
        permission: 'finance',
        // who records payouts is no secret: the owner of a request reads that finance pays it
        forbidden: PAYOUT_MESSAGES.financeOnly,
        access: ['request.read', 'payout.record'],
        objectRule:
          'payoutProblems: method, network, reference, phone, date (400); amount within what is left to pay, parts, mobile-money receipt unused (409)',
      },
      schema: {
        security: [{ bearer: [] }, { token: [] }],
        tags: ['requests'],
        summary:
          "Record one part of an approved request's payout (finance permission, never for one's own request); the parts never exceed the amount approved",
        headers: IdempotencyHeaders,
        body: PayoutBody,
        response: { 201: PayoutAnswer, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const answer = await payouts.record(request.user!, request.body, callKeyOf(request));
      // A replay answers with the stored status, which is always a create's 201.
      return reply.status(answer.status as 201).send(answer.body);
    },
  );
};
