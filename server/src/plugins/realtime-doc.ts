import { Type } from '@sinclair/typebox';
import { ErrorSchema } from '../schemas';

/**
 * The socket.io side of the API (server/src/realtime), which OpenAPI has no place for: the
 * `realtime` tag says it in words, `x-socket-io` gives each event's direction and payload schema.
 */
export const REALTIME_TAG = {
  name: 'realtime',
  description: [
    'socket.io on the same origin, path `/socket.io` (polling, then websocket). Connect with the API token as `auth: {token}`',
    '(or the `token` query parameter, the `token` header or `Authorization: Bearer`); without a valid one the connection is refused',
    "with `connect_error` and `data: {code: 'UNAUTHENTICATED'}`.",
    '',
    "- `join` (client → server) `{room}` with the caller's `String(organization_id)`; the acknowledgement gets `{room}` or an error.",
    "- `update_user` (server → client) `{user_id}` to the organisation's room after a user is changed, locked, unlocked, deleted or changes settings.",
    '- `update_request` (server → client) `{request_id}` after a request is submitted, resubmitted or reviewed, only to joined users who may see it.',
    '- `error_message` (server → client) `{error, code}`: a refused join (`NOT_FOUND`), or `UNAUTHENTICATED` when the session ended',
    '  (sign-out, expiry, revocation, deletion) just before the server closes the socket.',
  ].join('\n'),
};

const event = (direction: 'client-to-server' | 'server-to-client', summary: string, payload: object, ack?: object) => ({
  direction,
  summary,
  payload,
  ...(ack && { acknowledgement: ack }),
});

const Room = Type.Object(
  { room: Type.String({ description: "String(organization_id): the caller's own organisation" }) },
  { additionalProperties: false },
);

export const REALTIME_DOC = {
  path: '/socket.io',
  authentication: 'The API token as auth.token, the token query parameter, the token header or Authorization: Bearer',
  events: {
    join: event('client-to-server', "Join the organisation's room to hear update_request", Room, Type.Union([Room, ErrorSchema])),
    update_user: event(
      'server-to-client',
      'A user of the organisation changed; re-read it',
      Type.Object({ user_id: Type.Integer() }, { additionalProperties: false }),
    ),
    update_request: event(
      'server-to-client',
      'A request the listener may see changed; re-read it',
      Type.Object({ request_id: Type.Integer() }, { additionalProperties: false }),
    ),
    error_message: event('server-to-client', 'A refused join, or the session ended (the socket closes next)', ErrorSchema),
  },
};
