import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@imprest/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { perIp, perIpAndEmail, type RateLimits } from '../../plugins/rate-limit';
import { errors, MessageSchema } from '../../schemas';
import { OrganizationSchema } from '@imprest/domain/contract';
import { UserSchema, toApiUser } from '../users/schemas';
import { RESET_DONE, RESET_SENT, type AuthService } from './service';
import { AUTH_DOCS } from './descriptions';

const Email = Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH });
const strict = { additionalProperties: false } as const;

export const authRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService; limits: RateLimits }> = async (app, { auth, limits }) => {
  app.post(
    '/users/authenticate',
    {
      config: { permission: 'public', access: [], rateLimit: perIpAndEmail(limits.authenticate) },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description: AUTH_DOCS.authenticate,
        body: Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }) }, strict),
        response: {
          200: Type.Object({ token: Type.String(), user: UserSchema, organization: OrganizationSchema }, strict),
          ...errors(400, 401, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const { deviceCookie, ...answer } = await auth.login(request.body.email, request.body.password, {
        ip: request.ip,
        cookie: request.headers.cookie,
        limits: { perAccount: limits.signInFailuresPerAccount, perAddress: limits.signInFailuresPerAddress },
      });
      // this browser is now a known device for the account (device-cookie.ts)
      reply.header('set-cookie', deviceCookie);
      return answer;
    },
  );

  app.get(
    '/users/validate-token',
    {
      config: { permission: 'authenticated', access: [] },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user, re-read from the database, and their organisation's calendar",
        security: [{ bearer: [] }, { token: [] }],
        response: { 200: Type.Object({ user: UserSchema, organization: OrganizationSchema }, strict), ...errors(401) },
      },
    },
    async (request) => ({ user: toApiUser(request.user!, request.user!), organization: await auth.organizationOfUser(request.user!) }),
  );

  app.post(
    '/users/logout',
    {
      config: { permission: 'authenticated', access: [] },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        security: [{ bearer: [] }, { token: [] }],
        response: { 204: Type.Null(), ...errors(401) },
      },
    },
    async (request, reply) => {
      await auth.logout(request.sessionId!);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/logout-everywhere',
    {
      config: { permission: 'authenticated', access: [] },
      schema: {
        tags: ['auth'],
        summary: "Revoke every session of the caller, this one included (their other devices' tokens stop working)",
        security: [{ bearer: [] }, { token: [] }],
        response: { 200: Type.Object({ sessions_ended: Type.Integer({ minimum: 1 }) }, strict), ...errors(401) },
      },
    },
    async (request) => ({ sessions_ended: await auth.logoutEverywhere(request.user!.id) }),
  );

  app.post(
    '/forgot-password',
    {
      config: { permission: 'public', access: [], rateLimit: perIp(limits.passwordReset) },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a reset link; answers the same whether or not the account exists',
        description: AUTH_DOCS.forgotPassword,
        body: Type.Object({ email: Email }, strict),
        response: { 200: MessageSchema, ...errors(400, 413, 429) },
      },
    },
    async (request) => {
      auth.requestReset(request.body.email);
      return { message: RESET_SENT };
    },
  );

  app.post(
    '/forgot-password/validate',
    {
      config: { permission: 'public', access: [], rateLimit: perIp(limits.passwordReset) },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset e-mail',
        description: AUTH_DOCS.resetPassword,
        body: Type.Object(
          {
            token: Type.String({ minLength: 1, maxLength: 128 }),
            email: Email,
            password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
          },
          strict,
        ),
        response: { 200: MessageSchema, ...errors(400, 413, 429) },
      },
    },
    async (request, reply) => {
      reply.header(
        'set-cookie',
        await auth.resetPassword(request.body.token, request.body.email, request.body.password, request.headers.cookie),
      );
      return { message: RESET_DONE };
    },
  );
};
