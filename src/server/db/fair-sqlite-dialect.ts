import { SqliteDialect, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';
import { FifoLock } from '../fifo-lock';

/**
 * SqliteDialect whose connection is granted first come, first served. Kysely's SQLite driver guards
 * its single connection with a lock whose release wakes every waiter (all but one go back to sleep):
 * with hundreds of requests queued, as under bench/load.ts, each query then cost ~60 µs of
 * wake-ups instead of ~10 µs — just when the server has no CPU to spare.
 */
export class FairSqliteDialect extends SqliteDialect {
  /** Held while a query or a transaction uses the connection. */
  readonly lock: FifoLock;

  constructor(config: SqliteDialectConfig & { lock?: FifoLock }) {
    super(config);
    this.lock = config.lock ?? new FifoLock();
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const lock = this.lock;
    return {
      init: () => driver.init(),
      // One caller at a time reaches the driver, in order: its own lock is then never contended.
      acquireConnection: async () => {
        await lock.acquire();
        try {
          return await driver.acquireConnection();
        } catch (err) {
          lock.release();
          throw err;
        }
      },
      releaseConnection: async (connection: DatabaseConnection) => {
        try {
          await driver.releaseConnection(connection);
        } finally {
          lock.release();
        }
      },
      beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
      commitTransaction: (connection) => driver.commitTransaction(connection),
      rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
      savepoint: driver.savepoint?.bind(driver),
      rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
      releaseSavepoint: driver.releaseSavepoint?.bind(driver),
      destroy: () => driver.destroy(),
    };
  }
}
