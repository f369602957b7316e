import type { Server as HttpServer } from 'node:http';
import type { ApiErrorBody } from '@imprest/domain';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { RealtimeAdapter } from './adapter';

/** docs/contracts.md §Calls: path /socket.io, polling then websocket. */
const SOCKET_PATH = '/socket.io';

/** What services tell open apps; emit only after the change committed. */
export interface RealtimeEvents {
  /** A user changed (values, lock, settings): every app of the organisation hears `update_user`. */
  userUpdated(organizationId: number, userId: number): void;
  /** A user was deleted: as userUpdated, then that user's own connections are closed. */
  userRemoved(organizationId: number, userId: number): void;
  /** A request was submitted, resubmitted (both versions) or reviewed: `update_request`, to those who may see it. */
  requestUpdated(organizationId: number, requestId: number): void;
  /** A session ended (sign-out): its sockets are closed at once. */
  sessionEnded(sessionId: string): void;
}

export interface SocketCaller {
  user: { id: number; organization_id: number };
  sessionId: string;
  /**
   * The signed-in user as `users/validate-token` answers them, sent back with the join: a page
   * joins a second or more after it read its user, and a change made in between was not heard.
   */
  profile: unknown;
}

/** How often every open socket's session is checked again (expiry, revocation by any path). */
const SESSION_SWEEP_MS = 30_000;

interface ClientEvents {
  join(payload: unknown, ack?: unknown): void;
}
interface ServerEvents {
  update_user(payload: { user_id: number }): void;
  update_request(payload: { request_id: number }): void;
  error_message(payload: ApiErrorBody): void;
}
interface SocketData {
  token: string;
  userId: number;
  sessionId: string;
}
type RealtimeServer = Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

/** The room of an organisation is its id as text, as the app joins it (docs/product-rules.md §Statuses "Realtime"). */
const organizationRoom = (organizationId: number) => String(organizationId);
const userRoom = (userId: number) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** A user's sockets that joined their organisation's room: where their request events go. */
const joinedRoom = (userId: number) => `joined:${userId}`;

const UNAUTHENTICATED: ApiErrorBody = { error: 'Not signed in or the session has expired', code: 'UNAUTHENTICATED' };
const NOT_YOUR_ROOM: ApiErrorBody = { error: "You can only join your own organisation's room", code: 'NOT_FOUND' };

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The same token as the API: `auth.token`, the `token` query or header, or `Authorization: Bearer`. */
function readSocketToken(handshake: RealtimeSocket['handshake']): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(text(handshake.headers.authorization) ?? '')?.[1];
  return (
    text((handshake.auth as { token?: unknown } | undefined)?.token) ??
    text(handshake.query.token) ??
    text(handshake.headers.token) ??
    bearer ??
    null
  );
}

function roomOf(payload: unknown): string | null {
  const room = typeof payload === 'object' && payload !== null ? (payload as { room?: unknown }).room : undefined;
  return typeof room === 'string' || (typeof room === 'number' && Number.isInteger(room)) ? String(room) : null;
}

/**
 * socket.io on the app's HTTP server. `start` installs the handlers once the auth service exists;
 * every connection and every `join` re-reads the caller, so a revoked session gets nothing. Open
 * sockets end with their session: at once on sign-out (sessionEnded) and user deletion
 * (userRemoved), and within SESSION_SWEEP_MS on expiry or any other revocation (sweep).
 */
export function createRealtime(
  httpServer: HttpServer,
  options: {
    adapter: RealtimeAdapter;
    log: FastifyBaseLogger;
    /** The users who may see a request (modules/requests/audience.ts): `update_request` goes only to them. */
    audience: (organizationId: number, requestId: number) => Promise<number[]>;
  },
) {
  const { log } = options;
  let authenticateSocket: ((token: string) => Promise<SocketCaller | null>) | null = null;
  let sweeper: NodeJS.Timeout | undefined;
  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_PATH,
    transports: ['polling', 'websocket'],
    serveClient: false,
    // Clients only send `join`; nothing they say needs the default 1 MB.
    maxHttpBufferSize: 16 * 1024,
    ...(options.adapter.factory ? { adapter: options.adapter.factory } : {}),
  });

  const events: RealtimeEvents = {
    userUpdated(organizationId, userId) {
      io.to(organizationRoom(organizationId)).emit('update_user', { user_id: userId });
    },
    userRemoved(organizationId, userId) {
      events.userUpdated(organizationId, userId);
      // Not closed at once: the update_user packet queued above still reaches a polling client.
      io.in(userRoom(userId)).disconnectSockets();
    },
    requestUpdated(organizationId, requestId) {
      options.audience(organizationId, requestId).then(
        (userIds) => {
          if (userIds.length) io.to(userIds.map(joinedRoom)).emit('update_request', { request_id: requestId });
        },
        (error: unknown) => log.error({ err: error }, 'update_request audience failed'),
      );
    },
    sessionEnded(sessionId) {
      endSockets(io.in(sessionRoom(sessionId)));
    },
  };

  /**
   * Tells the client why (the app signs out on it), then disconnects; with Redis, on every
   * instance. Not closed at once, so the error_message still reaches a polling client.
   */
  function endSockets(target: Pick<RealtimeServer, 'emit' | 'disconnectSockets'>) {
    target.emit('error_message', UNAUTHENTICATED);
    target.disconnectSockets();
  }

  /**
   * Checks every socket of this instance against its session again, by the same authenticate as
   * a connection, once per distinct token; closes those whose session expired, was revoked or
   * whose user is gone. A failed check (database down) keeps the socket for the next sweep.
   */
  async function sweep(): Promise<number> {
    const check = authenticateSocket;
    if (!check) return 0;
    const verdicts = new Map<string, Promise<boolean>>();
    const ended = await Promise.all(
      [...io.of('/').sockets.values()].map(async (socket) => {
        const { token } = socket.data;
        if (!verdicts.has(token))
          verdicts.set(
            token,
            check(token).then(
              (caller) => caller !== null,
              () => true,
            ),
          );
        if (await verdicts.get(token)) return false;
        socket.emit('error_message', UNAUTHENTICATED);
        socket.disconnect();
        return true;
      }),
    );
    return ended.filter(Boolean).length;
  }

  function start(authenticate: (token: string) => Promise<SocketCaller | null>) {
    authenticateSocket = authenticate;
    sweeper = setInterval(() => void sweep().catch((error: unknown) => log.error({ err: error }, 'socket sweep failed')), SESSION_SWEEP_MS);
    sweeper.unref();
    io.use((socket, next) => {
      const token = readSocketToken(socket.handshake);
      const refuse = () => next(Object.assign(new Error(UNAUTHENTICATED.error), { data: { code: UNAUTHENTICATED.code } }));
      if (!token) return refuse();
      authenticate(token).then(
        (caller) => {
          if (!caller) return refuse();
          socket.data = { token, userId: caller.user.id, sessionId: caller.sessionId };
          next();
        },
        (error: unknown) => {
          log.error({ err: error }, 'socket authentication failed');
          next(new Error('Something went wrong'));
        },
      );
    });

    async function join(socket: RealtimeSocket, payload: unknown, reply?: (answer: unknown) => void) {
      const refuse = (body: ApiErrorBody) => {
        socket.emit('error_message', body);
        reply?.(body);
      };
      const current = async () => {
        const caller = await authenticate(socket.data.token);
        if (!caller) {
          refuse(UNAUTHENTICATED);
          socket.disconnect(true);
        }
        return caller;
      };
      const caller = await current();
      if (!caller) return;
      const room = roomOf(payload);
      if (room === null || room !== organizationRoom(caller.user.organization_id)) return refuse(NOT_YOUR_ROOM);
      await socket.join([room, joinedRoom(caller.user.id)]);
      // the user read again once the socket is in the rooms: a change committed before this read is
      // in the answer, and one after it sends an event this socket hears, so none falls between
      const now = await current();
      if (now) reply?.({ room, user: now.profile });
    }

    io.on('connection', (socket) => {
      void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
      socket.on('join', (payload, ack) => {
        const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : undefined;
        join(socket, payload, reply).catch((error: unknown) => log.error({ err: error }, 'socket join failed'));
      });
    });
  }

  return {
    io,
    events,
    start,
    sweep,
    /** Closes every connection; the app's HTTP server is closed by Fastify afterwards. */
    async close() {
      clearInterval(sweeper);
      await io.close();
      await options.adapter.close();
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
