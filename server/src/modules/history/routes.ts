import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { HistorySchema } from '@imprest/domain/contract';
import { errors, PathId } from '../../schemas';
import type { HistoryService } from './service';

const Params = Type.Object(
  {
    entity: Type.Union([Type.Literal('request'), Type.Literal('retirement'), Type.Literal('budget'), Type.Literal('user')]),
    id: PathId(),
  },
  { additionalProperties: false },
);

export const historyRoutes: FastifyPluginAsyncTypebox<{ history: HistoryService }> = async (app, { history }) => {
  app.get(
    '/history/:entity/:id',
    {
      config: { permission: 'authenticated', access: ['history.read'] },
      schema: {
        security: [{ bearer: [] }, { token: [] }],
        tags: ['history'],
        summary: "A record's history from the audit log, newest first: who, when, what, and the fields that changed",
        params: Params,
        response: { 200: HistorySchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => history.history(request.user!, request.params.entity, Number(request.params.id)),
  );
};
