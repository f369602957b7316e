import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock';
import type { Config } from './config';
import type { DialectName } from './db/database';
import type { Database } from './db/schema';
import type { RealtimeEvents } from './realtime';

/** What services need from the running app; built once in buildApp. */
export interface AppContext {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Tells the outbox worker a message is waiting (after the transaction committed). */
  nudgeMail(): void;
  /** Tells open apps about changes (socket.io); call it after the transaction committed. */
  events: RealtimeEvents;
}
