import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDatabase, type DatabaseHandle } from './db/database';
import { createDiskWatch } from './db/disk-space';
import { migrateToLatest } from './db/migrations';
import type { Database } from './db/schema';
import { getOrCreateSecret } from './db/secrets';
import { createMailTransport } from './mail/transport';
import { createUnsubscribeSigner } from './mail/unsubscribe';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './mail/worker';
import { approvalRoutes } from './modules/approval/routes';
import { createApprovalService } from './modules/approval/service';
import { authRoutes } from './modules/auth/routes';
import { budgetRoutes } from './modules/budget/routes';
import { createBudgetService } from './modules/budget/service';
import { createDeviceCookies } from './modules/auth/device-cookie';
import { createAuthService } from './modules/auth/service';
import { createTokenSigner, newSecret } from './modules/auth/tokens';
import { filesRoutes } from './modules/files/routes';
import { createUploadCleanup, type UploadCleanup } from './modules/files/cleanup';
import { createFilesService } from './modules/files/service';
import { healthRoutes } from './modules/health/routes';
import { historyRoutes } from './modules/history/routes';
import { createHistoryService } from './modules/history/service';
import { reportRoutes } from './modules/reports/routes';
import { createReportService } from './modules/reports/service';
import { requestRoutes } from './modules/requests/routes';
import { payoutRoutes } from './modules/payouts/routes';
import { journalRoutes } from './modules/journals/routes';
import { createJournalService } from './modules/journals/service';
import { createPayoutService } from './modules/payouts/service';
import { retirementRoutes } from './modules/retirements/routes';
import { createRetirementService } from './modules/retirements/service';
import { statementRoutes } from './modules/statements/routes';
import { createStatementService } from './modules/statements/service';
import { createRequestService } from './modules/requests/service';
import { userRoutes } from './modules/users/routes';
import { delegationRoutes } from './modules/delegations/routes';
import { createDelegationService } from './modules/delegations/service';
import { reviewLinkRoutes } from './modules/review-links/routes';
import { createReviewLinkService } from './modules/review-links/service';
import { organizationSettingsRoutes } from './modules/organization-settings/routes';
import { createOrganizationSettingsService } from './modules/organization-settings/service';
import { reviewQueueRoutes } from './modules/review-queue/routes';
import { createReviewQueueService } from './modules/review-queue/service';
import { createUnsubscribeService } from './modules/unsubscribe/service';
import { unsubscribeRoutes } from './modules/unsubscribe/routes';
import { createUserService } from './modules/users/service';
import { toApiUser } from './modules/users/schemas';
import { registerAccessAudit } from './plugins/access-audit';
import { registerAuthGuard } from './plugins/auth';
import { registerBoundedIntegers } from './plugins/bounded-integers';
import { registerCompression } from './plugins/compress';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors';
import { registerDrain, type Drain } from './plugins/drain';
import { loggerOptions } from './plugins/log-redaction';
import { DEFAULT_RATE_LIMITS, registerRateLimit, sharedStore, type RateLimits } from './plugins/rate-limit';
import { registerSlowRequestLog, requestLogOptions } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security';
import { cachedSerializers } from './plugins/serializer-cache';
import { strictValidatorCompiler } from './plugins/strict-numbers';
import { registerTextGuard } from './plugins/text-guard';
import { registerSwagger } from './plugins/swagger';
import { createRealtime, type Realtime } from './realtime';
import { requestAudience } from './modules/requests/audience';
import { pickRealtimeAdapter } from './realtime/adapter';
import { connectRedis } from './scale/redis';
import { createFileStores } from './storage/stores';
import { httpsServerOptions, readTls } from './tls';
import { inlineScriptHashes, isSpaRoute, loadRemotesManifest, registerWeb, remoteOrigins, sendShellIndex } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    outbox: OutboxWorker;
    /** socket.io on this app's HTTP server; it accepts connections once the app listens. */
    realtime: Realtime;
    /** Deletes uploads no record lists after a day; main.ts starts it, tests call runOnce. */
    uploadCleanup: UploadCleanup;
    /** SIGTERM's first step (main.ts): answer what is running, take nothing new. */
    drain: Drain;
  }
}

export interface AppOptions {
  config: Config;
  /** An open database; by default one is opened from the config and migrated. The app closes it. */
  database?: DatabaseHandle;
  clock?: Clock;
  rateLimits?: Partial<RateLimits>;
  mail?: Pick<OutboxWorkerOptions, 'intervalMs' | 'backoffBaseMs' | 'maxBackoffMs' | 'leaseMs'>;
  logger?: FastifyServerOptions['logger'];
  /** A route that answers 2xx without applying its declared access rules answers 500 instead (tests). */
  strictAccess?: boolean;
  /** Every answer's serializer complete before the app serves (the server; plugins/serializer-cache.ts). */
  compileAnswerValidators?: boolean;
}

const BODY_LIMIT = 1024 * 1024;

/**
 * The whole HTTP application with socket.io on the same server, ready to `listen` or to `inject`
 * into; it does not listen itself.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const manifest = loadRemotesManifest(config.remotesManifest);
  const tls = config.tls && readTls(config.tls);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logger),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
    schemaController: cachedSerializers({ compileValidators: options.compileAnswerValidators }),
    ...requestLogOptions(config.requestLogLevel),
    ...(tls && httpsServerOptions(tls)),
  });
  if (tls && tls.validTo < clock()) app.log.warn(`the TLS certificate expired on ${tls.validTo.toISOString()}: browsers will refuse it`);
  registerSlowRequestLog(app, config.requestLogLevel);
  app.setValidatorCompiler(strictValidatorCompiler);
  registerBoundedIntegers(app);

  let database = options.database;
  if (!database) {
    database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    await migrateToLatest(database.db, database.dialect);
  }
  const { db, dialect } = database;
  database.useLog?.(app.log.child({ module: 'database' }));
  const handle = database;
  // Shared state across instances (docs/architecture.md §Server "Scale-out"); none without REDIS_URL.
  const redisLog = app.log.child({ module: 'redis' });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, redisLog) : null;
  const realtime = createRealtime(app.server, {
    adapter: await pickRealtimeAdapter(redis, redisLog),
    log: app.log.child({ module: 'realtime' }),
    audience: (organizationId, requestId) => requestAudience(db, organizationId, requestId),
  });

  const unsubscribe = createUnsubscribeSigner(await getOrCreateSecret(db, 'unsubscribe_signing_key', newSecret));
  const worker = createOutboxWorker({
    db,
    dialect,
    clock,
    log: app.log.child({ module: 'outbox' }),
    transport: createMailTransport({
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      dataDir: config.dataDir,
      appUrl: config.appUrl,
      unsubscribe,
    }),
    ...options.mail,
  });
  app.decorate('db', db);
  app.decorate('outbox', worker);
  app.decorate('realtime', realtime);
  // Before the HTTP server closes: open sockets would keep it waiting.
  app.addHook('preClose', () => realtime.close());
  app.addHook('onClose', async () => {
    await worker.stop();
    await handle.destroy();
    await redis?.close();
  });

  const ctx: AppContext = { db, dialect, config, clock, log: app.log, nudgeMail: () => worker.nudge(), events: realtime.events };
  const signer = createTokenSigner(await getOrCreateSecret(db, 'token_signing_key', newSecret));
  const devices = createDeviceCookies(await getOrCreateSecret(db, 'device_cookie_key', newSecret), {
    secure: config.appUrl.startsWith('https:'),
  });
  const auth = createAuthService(ctx, signer, devices);
  realtime.start(async (token) => {
    const caller = await auth.authenticate(token);
    return caller && { ...caller, profile: toApiUser(caller.user, caller.user) };
  });
  const users = createUserService(ctx);
  const budget = createBudgetService(ctx);
  const approval = createApprovalService(ctx);
  const stores = await createFileStores(config, await getOrCreateSecret(db, 'file_signing_key', newSecret));
  const files = createFilesService(ctx, stores.store, stores.local);
  const uploadCleanup = createUploadCleanup({ db, dialect, store: stores.store, clock, log: app.log.child({ module: 'files' }) });
  app.decorate('uploadCleanup', uploadCleanup);
  app.addHook('preClose', () => uploadCleanup.stop()); // before onClose destroys the database
  const requests = createRequestService(ctx, stores.store);
  const retirements = createRetirementService(ctx, stores.store);
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...(redis ? { store: sharedStore(redis, redisLog) } : {}), ...options.rateLimits };

  const disk = createDiskWatch(config.dataDir);
  registerErrorHandler(app, disk);
  // before every hook that may answer early (drain, sign-in, rate limit): helmet readies each reply in
  // an onRequest hook of its own, which must have run for any answer to carry the headers
  await registerSecurityHeaders(app, {
    appUrl: config.appUrl,
    remoteOrigins: remoteOrigins(manifest, config.appUrl),
    fileOrigins: stores.origins,
    scriptHashes: inlineScriptHashes(config.webRoot),
  });
  const drain = registerDrain(app);
  app.decorate('drain', drain);
  registerAuthGuard(app, auth);
  registerAccessAudit(app, { strict: options.strictAccess ?? false });
  registerTextGuard(app);
  await registerRateLimit(app, limits);
  await registerSwagger(app);

  await app.register(
    async (api) => {
      await registerCompression(api);
      await api.register(healthRoutes, { ctx, redis, store: stores.store, drain, disk });
      await api.register(authRoutes, { auth, limits });
      await api.register(userRoutes, { users, limits });
      await api.register(budgetRoutes, { budget });
      await api.register(approvalRoutes, { approval });
      await api.register(filesRoutes, { files });
      await api.register(requestRoutes, { requests });
      await api.register(retirementRoutes, { retirements });
      await api.register(payoutRoutes, { payouts: createPayoutService(ctx) });
      await api.register(statementRoutes, { statements: createStatementService(ctx, stores.store) });
      await api.register(journalRoutes, { journals: createJournalService(ctx) });
      await api.register(reportRoutes, { reports: createReportService(ctx) });
      await api.register(historyRoutes, { history: createHistoryService(ctx) });
      await api.register(delegationRoutes, { delegations: createDelegationService(ctx) });
      await api.register(reviewLinkRoutes, { links: createReviewLinkService(ctx, stores.store), limits });
      await api.register(unsubscribeRoutes, { unsubscribe: createUnsubscribeService(ctx, unsubscribe), limits });
      await api.register(reviewQueueRoutes, { queue: createReviewQueueService(ctx) });
      await api.register(organizationSettingsRoutes, { settings: createOrganizationSettingsService(ctx) });
    },
    { prefix: '/api/v1' },
  );

  const web = await registerWeb(app, { webRoot: config.webRoot, manifest, serveSourceMaps: config.serveSourceMaps });
  app.setNotFoundHandler((request, reply) => {
    if (web.shellIndex && isSpaRoute(request)) return sendShellIndex(reply, web.shellIndex);
    return reply.status(404).send({ error: 'Not found', code: 'NOT_FOUND' });
  });

  return app;
}
