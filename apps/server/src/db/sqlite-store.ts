import Database from 'better-sqlite3';
import type { SqliteDatabase } from './database.js';
import type { Store } from './store.js';

/**
 * One SQLite file as the stores use it: the writer connection, on which every transaction runs
 * (one at a time), and a reader connection for reads outside transactions. In WAL mode the reader
 * sees committed data only, as a PostgreSQL pool would.
 */
export interface SqliteConnections {
  writer: SqliteDatabase;
  reader: SqliteDatabase;
  /** Runs transactions on the writer one after another. */
  inTurn: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * Connections to the file the writer has open. An in-memory database (tests) has no second
 * connection: there the writer reads too.
 */
export function connectSqlite(writer: SqliteDatabase): SqliteConnections {
  let reader = writer;
  if (!writer.memory) {
    reader = new Database(writer.name);
    reader.pragma('query_only = ON');
    reader.pragma(`busy_timeout = ${String(writer.pragma('busy_timeout', { simple: true }))}`);
  }
  // A queue, because a transaction's work is asynchronous: without it, a second request's
  // statements could run on the writer inside the first one's open transaction.
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = last.then(work, work);
    last = turn.catch(() => undefined);
    return turn;
  };
  return { writer, reader, inTurn };
}

/**
 * A {@link Store} over SQLite: `makeRepositories` is called once per connection (statements are
 * prepared once). Transactions are `BEGIN IMMEDIATE`: the write lock is taken at the start, so a
 * transaction that reads and then writes never finds the data changed under it by another process.
 */
export function sqliteStore<Repositories>(
  connections: SqliteConnections,
  makeRepositories: (db: SqliteDatabase) => Repositories,
): Store<Repositories> {
  const { writer } = connections;
  const inTransaction = makeRepositories(writer);
  const read = connections.reader === writer ? inTransaction : makeRepositories(connections.reader);
  const begin = writer.prepare('BEGIN IMMEDIATE');
  const commit = writer.prepare('COMMIT');
  const rollback = writer.prepare('ROLLBACK');
  return {
    read,
    transaction: (work) =>
      connections.inTurn(async () => {
        begin.run();
        try {
          const result = await work(inTransaction);
          commit.run();
          return result;
        } catch (error) {
          // SQLite may have rolled back already (some errors end the transaction themselves).
          if (writer.inTransaction) rollback.run();
          throw error;
        }
      }),
  };
}
