import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { DialectName } from '../../db/database';
import { pingDatabase } from '../../db/database';
import type { AppContext } from '../../context';
import { errors } from '../../schemas';

export const healthRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      config: { permission: 'public', access: [] },
      schema: {
        tags: ['health'],
        summary: 'For load balancers: the process answers and the database responds',
        response: {
          200: Type.Object({ status: Type.Literal('ok'), db: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]) }),
          ...errors(500),
        },
      },
    },
    async () => {
      await pingDatabase(ctx.db);
      return { status: 'ok' as const, db: ctx.dialect satisfies DialectName };
    },
  );
};
