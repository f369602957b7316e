import type SQLite from 'better-sqlite3';
import { SqliteDialect, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * Kysely's SQLite dialect, except that a transaction SQLite has already rolled back is not rolled
 * back again. On some errors (SQLITE_FULL when the disk is full, SQLITE_IOERR, SQLITE_NOMEM,
 * SQLITE_BUSY in a write) SQLite ends the transaction itself; Kysely's ROLLBACK then fails with
 * "cannot rollback - no transaction is active" and that error replaces the real one, so a full
 * disk would answer "500 Something went wrong" instead of saying the disk is full.
 */
export class CauseKeepingSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly file: SQLite.Database,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      if (this.file.inTransaction) await rollback(connection);
    };
    return driver;
  }
}
