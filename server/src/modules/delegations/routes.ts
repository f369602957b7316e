import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DelegationAnswer, DelegationListQuerySchema, DelegationPageSchema, NewDelegationBody } from '@imprest/domain/contract';
import { errors } from '../../schemas';
import { IdParams } from '../requests/schemas';
import type { DelegationService } from './service';

const signedIn: { security: Array<Record<string, string[]>>; tags: string[] } = {
  security: [{ bearer: [] }, { token: [] }],
  tags: ['delegations'],
};
/** Out of office: thin routes, rules in the service. */
export const delegationRoutes: FastifyPluginAsyncTypebox<{ delegations: DelegationService }> = async (app, { delegations }) => {
  app.get(
    '/delegations',
    {
      config: {
        permission: 'admin',
        access: ['organization', 'delegation.manage'],
        objectRule: 'a director: every delegation; otherwise those naming the caller',
      },
      schema: {
        ...signedIn,
        summary: "Delegations, newest first: a director's organisation, or the caller's own and those made to them",
        querystring: DelegationListQuerySchema,
        response: { 200: DelegationPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => delegations.list(request.user!, request.query),
  );

  app.post(
    '/delegations',
    {
      config: {
        permission: 'admin',
        access: ['delegation.manage'],
        objectRule: 'own reviewing only; delegate holds admin permission; no overlap; no chain (409)',
      },
      schema: {
        ...signedIn,
        summary: "Pass the caller's reviewing to a colleague for some days; the reviews record both names",
        body: NewDelegationBody,
        response: { 201: DelegationAnswer, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await delegations.create(request.user!, request.body) }),
  );

  app.post(
    '/delegations/:id/end',
    {
      config: {
        permission: 'admin',
        access: ['delegation.manage'],
        objectRule: 'its delegator or a director (404 otherwise); not already ended (409)',
      },
      schema: {
        ...signedIn,
        summary: 'End a delegation now',
        params: IdParams,
        response: { 200: DelegationAnswer, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await delegations.end(request.user!, Number(request.params.id)) }),
  );
};
