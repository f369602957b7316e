import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errors } from '../../schemas';
import { UserSchema } from './schemas';
import type { UserService } from './service';

export const userRoutes: FastifyPluginAsyncTypebox<{ users: UserService }> = async (app, { users }) => {
  app.put(
    '/users/settings',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: "Change the caller's own notification settings",
        security: [{ bearer: [] }, { token: [] }],
        body: Type.Object(
          {
            user_id: Type.Integer({ minimum: 1 }),
            settings: Type.Union([
              Type.String({ maxLength: 1000, description: 'JSON text, e.g. {"mute_notification":true}' }),
              Type.Object({ mute_notification: Type.Boolean() }, { additionalProperties: false }),
            ]),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ user: UserSchema }, { additionalProperties: false }), ...errors(400, 401, 404, 413) },
      },
    },
    async (request) => ({ user: await users.updateSettings(request.user!, request.body.user_id, request.body.settings) }),
  );
};
