import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { backupCommand, restoreCommand } from './backup/commands';
import { BackupError } from './backup/paths';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { seedFirstStart } from './db/seed';
import { lockOverdueCommand, requireAppUrl } from './jobs/lock-overdue-command';
import { scatteredMailWarning } from './mail/transport';
import { createOverdueScheduler } from './jobs/overdue-scheduler';
import { rebuildBudgetUsage } from './modules/budget/usage';
import { rebuildRequestTallies } from './modules/requests/tallies';
import { rebuildAwaitingTallies } from './modules/requests/awaiting-tallies';
import { refillRetirementTallies } from './modules/retirements/tallies';
import { refillRetirementAwaitingTallies } from './modules/retirements/awaiting-tallies';
import { checkFileStore } from './storage/start-check';

/** The repository root: this file runs as server/dist/main.js (built) or server/src/main.ts (dev). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function readConfig(): Config {
  try {
    return loadConfig(process.env, process.cwd(), { webRoot: REPO_ROOT });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * `node server/dist/main.js rebuild-tallies`: recounts the requests', the review queues' and retirements' tallies and the budget
 * codes' usage from the requests (server/README.md "Maintenance"), on the database the same
 * environment configures.
 */
async function rebuildTallies() {
  const config = readConfig();
  const database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(database.db, database.dialect);
    await rebuildRequestTallies(database.db);
    await rebuildAwaitingTallies(database.db);
    await database.db.transaction().execute(async (trx) => {
      await refillRetirementTallies(trx);
      await refillRetirementAwaitingTallies(trx);
    });
    await rebuildBudgetUsage(database.db);
    const count = async (
      table: 'request_tallies' | 'retirement_tallies' | 'awaiting_tallies' | 'retirement_awaiting_tallies' | 'budget_usage',
    ) =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    console.log(
      `request tallies rebuilt: ${await count('request_tallies')} rows; retirement tallies: ${await count('retirement_tallies')} rows; ` +
        `awaiting tallies: ${await count('awaiting_tallies')} rows (retirements: ${await count('retirement_awaiting_tallies')}); ` +
        `budget usage rebuilt: ${await count('budget_usage')} codes (${database.dialect})`,
    );
  } finally {
    await database.destroy();
  }
}

/** `node server/dist/main.js lock-overdue [--at <ISO>]`: the overdue-retirement job once (server/README.md "Maintenance"). */
async function lockOverdue() {
  requireAppUrl(process.env);
  const config = readConfig();
  await lockOverdueCommand(config, createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }), process.argv.slice(3));
}

async function main() {
  const config = readConfig();
  const database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, database, compileAnswerValidators: true });
  app.log.info({ db: database.dialect, dataDir: config.dataDir }, 'database ready');
  await seedFirstStart({
    db: database.db,
    clock: systemClock,
    log: app.log,
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
  });
  app.outbox.start();
  const scattered = scatteredMailWarning(config);
  if (scattered) app.log.warn(scattered);
  app.uploadCleanup.start();
  const overdue = createOverdueScheduler({
    db: app.db,
    config,
    events: app.realtime.events,
    nudgeMail: () => app.outbox.nudge(),
    clock: systemClock,
    log: app.log.child({ module: 'retirements' }),
  });
  app.addHook('preClose', () => overdue.stop());
  overdue.start().catch((error: unknown) => app.log.error({ err: error }, 'overdue retirement catch-up failed; the next hour tries again'));

  let closing = false;
  /**
   * Rolling restarts lose nothing: the instance answers the requests already running (each with
   * `Connection: close`), closes idle keep-alive connections, answers anything new — health
   * included — 503 so the balancer moves on, then closes: sockets, the job schedulers, the mail
   * being sent. It exits 0 as soon as that is done; whatever still runs after SHUTDOWN_GRACE_MS
   * is cut off with exit 1.
   */
  const shutdown = (signal: string) => {
    if (closing) process.exit(1); // a second signal means "now"
    closing = true;
    const started = Date.now();
    app.log.info(`${signal} received: draining in-flight requests for up to ${config.shutdownGraceMs} ms`);
    setTimeout(() => {
      app.log.error(`requests still running ${config.shutdownGraceMs} ms after ${signal} (SHUTDOWN_GRACE_MS); exiting without them`);
      process.exit(1);
    }, config.shutdownGraceMs).unref();
    app.drain
      .start()
      .then(() => app.close())
      .then(
        () => {
          app.log.info(`drained and closed in ${Date.now() - started} ms`);
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await checkFileStore(config, app.log);
  await app.listen({ port: config.port, host: config.host });
}

/** `backup <dir>` and `restore <dir>` for SQLite (deploy/README.md "Backup and restore"): a refusal is one plain line. */
const backupOrRestore = (run: typeof backupCommand) => async () => {
  try {
    await run(readConfig(), process.argv.slice(3));
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
};

const COMMANDS: Record<string, () => Promise<void>> = {
  'rebuild-tallies': rebuildTallies,
  'lock-overdue': lockOverdue,
  backup: backupOrRestore(backupCommand),
  restore: backupOrRestore(restoreCommand),
};
const command = process.argv[2];
if (command !== undefined && !(command in COMMANDS)) {
  console.error(`Unknown command "${command}": start without one, or use ${Object.keys(COMMANDS).join(', ')}`);
  process.exit(2);
}

(command ? COMMANDS[command]!() : main()).catch((error: unknown) => {
  // a refusal the operator can act on is said in its sentence, without a stack trace
  const said = error instanceof ConfigError ? error.message : error;
  console.error(command ? `Imprest ${command} failed:` : 'Imprest server failed to start:', said);
  process.exit(1);
});
