import type { Socket } from 'socket.io-client';
// through the package name: the one shared session store, not a copy
import { endRefusedSession, revalidateSession, setSession, useSession } from '@imprest/api-client';
import type { User } from '@imprest/domain';

/**
 * docs/product-rules.md §Limits realtime client settings. A websocket first: starting
 * on long-polling and upgrading cost 4–5 extra requests per load, ~2 s on a slow link; where a
 * proxy or network refuses websockets the client falls back to polling (tryAllTransports).
 */
const REALTIME_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;

export interface UserUpdate {
  user_id: number;
}

export interface RequestUpdate {
  request_id: number;
}

let socket: Socket | null = null;
const userListeners = new Set<(update: UserUpdate) => void>();
const requestListeners = new Set<(update: RequestUpdate) => void>();
const joinListeners = new Set<() => void>();

/** Other parts (the users list) hear of every user change in the organisation. */
export function onUserUpdate(listener: (update: UserUpdate) => void): () => void {
  userListeners.add(listener);
  return () => userListeners.delete(listener);
}

/** Open lists and details hear of every request change (submit, review, resubmit) in the organisation. */
export function onRequestUpdate(listener: (update: RequestUpdate) => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/**
 * Each time the connection joins the organisation's room — the first time and after a drop —
 * since changes made before it joined were not heard: what is on screen may need reading again.
 */
export function onJoin(listener: () => void): () => void {
  joinListeners.add(listener);
  return () => joinListeners.delete(listener);
}

/** What the server says when it refuses a socket's token (server/src/realtime: connect_error data, error_message). */
const isRefusal = (body: { code?: unknown } | undefined) => body?.code === 'UNAUTHENTICATED';

/**
 * The realtime connection (docs/product-rules.md §Statuses): joins the organisation's room; an update_user event for the
 * current user re-validates the token, so a lock, a role change or a deletion shows at once. A
 * refused token signs out, as a 401 does. `url` is the page's own origin unless given.
 */
export function connectRealtime(url?: string): () => void {
  const { token, currentUser } = useSession.getState();
  if (!token || !currentUser) return () => undefined;
  let closed = false;
  let connection: Socket | null = null;
  // socket.io's client (13 KB) after the page's first paint, not before it: nothing on screen waits for it
  void import('socket.io-client').then(({ io }) => {
    if (closed || useSession.getState().token !== token) return;
    socket?.disconnect();
    connection = io(url, { ...REALTIME_OPTIONS, transports: [...REALTIME_OPTIONS.transports], auth: { token } });
    socket = connection;
    listen(connection, token, String(currentUser.organization_id));
  });
  return () => {
    closed = true;
    connection?.disconnect();
    if (connection && socket === connection) socket = null;
  };
}

/**
 * The join answers with the signed-in user as the server has them now. The page read its user a
 * second or more before it joined, and a change in between (a lock, a new role) sent no event it
 * could hear: the answer brings it, without asking the API again.
 */
function catchUpUser(token: string, user: User | undefined): void {
  const { token: current, currentUser } = useSession.getState();
  if (!user || current !== token || user.id !== currentUser?.id) return;
  if (JSON.stringify(user) !== JSON.stringify(currentUser)) setSession({ currentUser: user });
}

function listen(connection: Socket, token: string, room: string): void {
  connection.on('connect', () => {
    connection.emit('join', { room }, (answer: { user?: User } | undefined) => catchUpUser(token, answer?.user));
    for (const listener of joinListeners) listener();
  });
  connection.on('update_user', (update: UserUpdate) => {
    for (const listener of userListeners) listener(update);
    if (update?.user_id === useSession.getState().currentUser?.id) void revalidateSession({ background: true });
  });
  connection.on('update_request', (update: RequestUpdate) => {
    for (const listener of requestListeners) listener(update);
  });
  connection.on('connect_error', (error: Error & { data?: { code?: unknown } }) => {
    if (isRefusal(error.data)) endRefusedSession(token);
  });
  connection.on('error_message', (body: { code?: unknown }) => {
    if (isRefusal(body)) endRefusedSession(token);
  });
  // The server closed the socket itself (a sign-out elsewhere, a revoked session, a deleted user),
  // after which socket.io does not reconnect: ask whether the session still stands. A refused
  // token signs out through the 401; an accepted one gets its connection back.
  connection.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect' || useSession.getState().token !== token) return;
    void revalidateSession({ background: true }).then(() => {
      if (socket === connection && useSession.getState().token === token) connection.connect();
    });
  });
}
