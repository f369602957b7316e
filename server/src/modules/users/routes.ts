import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdempotencyHeaders, callKeyOf } from '../../idempotency';
import { errors } from '../../schemas';
import {
  IdParams,
  ListParams,
  ListQuery,
  NewUsersBody,
  RestrictBody,
  RowErrorsSchema,
  UpdateUserBody,
  UpdatedUserAnswer,
  UserAnswer,
  UserPageSchema,
  UserSchema,
} from './schemas';
import { perIp, type RateLimits } from '../../plugins/rate-limit';
import type { UserService } from './service';
import { AppError } from '../../errors';
import { USERS_DOCS } from './descriptions';

const USER_ID_MISMATCH = 'id and user_id name different users: send user_id';

const signedIn: { security: Array<Record<string, string[]>>; tags: string[] } = {
  security: [{ bearer: [] }, { token: [] }],
  tags: ['users'],
};

/** Thin routes: schema and permission here, rules in the service (object-level checks answer 404). */
export const userRoutes: FastifyPluginAsyncTypebox<{ users: UserService; limits: RateLimits }> = async (app, { users, limits }) => {
  app.post(
    '/users/confirm-email',
    {
      config: {
        permission: 'public',
        access: ['signed-link'],
        objectRule: 'single-use e-mail change token (24 h)',
        rateLimit: perIp(limits.passwordReset),
      },
      schema: {
        tags: ['users'],
        summary: 'Confirm a new e-mail address with the token mailed to it; it becomes the sign-in address and every session ends',
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ email: Type.String() }, { additionalProperties: false }), ...errors(400, 409, 413, 429) },
      },
    },
    async (request) => ({ email: (await users.confirmEmail(request.body.token)).email }),
  );

  app.post(
    '/users',
    {
      config: {
        permission: 'admin',
        access: ['organization'],
        objectRule: 'canAddUsers; director position/system role: canChooseDirectorPosition',
      },
      schema: {
        ...signedIn,
        summary: 'Add users (one or a CSV batch), all or none; each gets an invitation e-mail',
        description: USERS_DOCS.create,
        headers: IdempotencyHeaders,
        body: NewUsersBody,
        response: {
          201: Type.Object({ users: Type.Array(UserSchema) }, { additionalProperties: false }),
          400: RowErrorsSchema,
          403: RowErrorsSchema,
          ...errors(401, 404, 413),
        },
      },
    },
    async (request, reply) => {
      const answer = await users.create(request.user!, request.body, callKeyOf(request));
      return reply.status(answer.status as 201).send(answer.body);
    },
  );

  app.get(
    '/users/department/:department/:role',
    {
      config: { permission: 'admin', access: ['user.read'], objectRule: "role 'user' or own system role" },
      schema: {
        ...signedIn,
        summary: "One page of the organisation's users by name; role is 'user' (staff mode) or the caller's system role",
        description: USERS_DOCS.list,
        params: ListParams,
        querystring: ListQuery,
        response: { 200: UserPageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => users.list(request.user!, { ...request.params, ...request.query }),
  );

  app.get(
    '/users/:id',
    {
      config: { permission: 'authenticated', access: ['user.read'], objectRule: 'last_logged_in: canSeeLastLogin' },
      schema: {
        ...signedIn,
        summary: 'One user: admins see anyone in the organisation, others only themselves',
        description: USERS_DOCS.get,
        params: IdParams,
        response: { 200: UserAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({ user: await users.get(request.user!, Number(request.params.id)) }),
  );

  app.put(
    '/users',
    {
      config: {
        permission: 'authenticated',
        access: ['user.update'],
        objectRule: 'identity fields: canEditIdentity; e-mail: canChangeEmail',
      },
      schema: {
        ...signedIn,
        summary:
          "Change a user's values: admins or the account holder; name, department, position and system role directors only. " +
          'A new e-mail (directors for others, or the holder) waits for its confirmation: the answer names it as pending_email',
        description: USERS_DOCS.update,
        body: UpdateUserBody,
        response: { 200: UpdatedUserAnswer, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      if (request.body.id !== undefined && request.body.id !== request.body.user_id) throw new AppError('BAD_REQUEST', USER_ID_MISMATCH);
      return users.update(request.user!, request.body);
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { permission: 'super_admin', access: ['user.delete'] },
      schema: {
        ...signedIn,
        summary: 'Delete a user (directors only; never yourself or the last director)',
        description: USERS_DOCS.remove,
        params: IdParams,
        response: { 204: Type.Null(), ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await users.remove(request.user!, Number(request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/restrict',
    {
      config: { permission: 'finance', access: ['user.restrict'] },
      schema: {
        ...signedIn,
        summary: 'Lock (manual) or unlock a user (finance permission; never yourself)',
        description: USERS_DOCS.restrict,
        body: RestrictBody,
        response: { 200: UserAnswer, ...errors(400, 401, 404, 409, 413) },
      },
    },
    async (request) => ({ user: await users.restrict(request.user!, request.body.user_id, request.body.lock_status) }),
  );

  app.put(
    '/users/settings',
    {
      config: { permission: 'authenticated', access: ['caller'] },
      schema: {
        ...signedIn,
        summary: "Change the caller's own notification settings",
        description: USERS_DOCS.settings,
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
        response: { 200: UserAnswer, ...errors(400, 401, 404, 413) },
      },
    },
    async (request) => ({ user: await users.updateSettings(request.user!, request.body.user_id, request.body.settings) }),
  );
};
