import Database from 'better-sqlite3';
import { ConfigurationCache } from './configuration-cache.js';
import type { SqliteDatabase } from './database.js';
import { sqlTraceOf, watchAvailabilityChanges, watchConfigurationChanges } from './database.js';
import type { Awaitable, Store } from './store.js';

/**
 * One SQLite file as the stores use it: the writer connection, on which every transaction runs
 * (one at a time), and a reader connection for reads outside transactions. In WAL mode the reader
 * sees committed data only, as a PostgreSQL pool would.
 */
export interface SqliteConnections {
  writer: SqliteDatabase;
  reader: SqliteDatabase;
  /**
   * Runs `work` as one transaction on the writer, after every transaction queued before it; all
   * of its writes are committed when it resolves, none when it rejects. See {@link connectSqlite}
   * for how transactions queued together share one commit.
   */
  transact: <T>(work: () => Awaitable<T>) => Promise<T>;
  /** The configuration the repositories keep in memory for this file (see configuration-cache.ts). */
  configuration: ConfigurationCache;
}

/**
 * Most transactions committed together. A bound on how long the last of them waits for its
 * answer; far above what a burst of citizens' submissions queues on this machine.
 */
const MOST_IN_ONE_COMMIT = 32;

/**
 * A snapshot connection's page cache: a quarter of the shared ones', since a long read goes
 * through each leaf page once; it keeps the upper pages of the big tables' trees, which every
 * record's look-up goes through (with 4 MiB a million-record export read them again and again,
 * about a fifth of its time in reads).
 */
const SNAPSHOT_CACHE_KIB = 16 * 1024;

interface Queued {
  work: () => Awaitable<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * Connections to the file the writer has open. An in-memory database (tests) has no second
 * connection: there the writer reads too.
 *
 * Group commit. Transactions run one at a time, in the order they were asked for. Those queued
 * while the writer is busy (requests that arrived together) run one after another inside one
 * SQLite transaction, each in a savepoint of its own, and are committed together: a commit writes
 * the changed pages to the WAL file and is most of what a small transaction costs, so under load a
 * submission pays a fraction of one. Each transaction is still all or nothing: one that fails is
 * rolled back to its savepoint alone, and none is answered before the commit that holds it.
 */
export function connectSqlite(writer: SqliteDatabase, options: { configurationMaxAgeMs?: number } = {}): SqliteConnections {
  let reader = writer;
  if (!writer.memory) {
    // Traced when the writer is (SQL_TRACE_FILE): the reads outside transactions run here.
    const trace = sqlTraceOf(writer);
    reader = trace === undefined ? new Database(writer.name) : new Database(writer.name, { verbose: trace });
    reader.pragma('query_only = ON');
    reader.pragma(`cache_size = ${String(writer.pragma('cache_size', { simple: true }))}`);
    reader.pragma(`busy_timeout = ${String(writer.pragma('busy_timeout', { simple: true }))}`);
  }
  const storedGeneration = reader.prepare<[], { generation: number }>('SELECT generation FROM configuration_generation WHERE id = 1');
  const configuration = new ConfigurationCache(() => storedGeneration.get()?.generation ?? 0, options.configurationMaxAgeMs);
  // A change is forgotten at once; one inside a transaction keeps the cache empty until the
  // transaction has ended (committed or not), so nothing read while it was uncommitted is kept.
  let configurationTouched = false;
  watchConfigurationChanges(writer, () => {
    configurationTouched ||= writer.inTransaction;
    configuration.changed(writer.inTransaction);
  });
  watchAvailabilityChanges(writer, () => {
    configuration.availabilityChanged(writer.inTransaction);
  });

  // IMMEDIATE: the write lock is taken at the start, so a transaction that reads and then writes
  // never finds the data changed under it by another process.
  const begin = writer.prepare('BEGIN IMMEDIATE');
  const commit = writer.prepare('COMMIT');
  const rollback = writer.prepare('ROLLBACK');
  const savepoint = writer.prepare('SAVEPOINT work');
  const release = writer.prepare('RELEASE work');
  const rollbackToSavepoint = writer.prepare('ROLLBACK TO work');

  let queue: Queued[] = [];
  let busy = false;

  /** Runs the group taken off the front of the queue, in one SQLite transaction. */
  const runGroup = async (group: Queued[]) => {
    try {
      begin.run();
    } catch (error) {
      // Another process holds the write lock past the busy timeout: nothing ran.
      for (const queued of group) queued.reject(error);
      return;
    }
    const succeeded: { queued: Queued; value: unknown }[] = [];
    for (const [index, queued] of group.entries()) {
      savepoint.run();
      try {
        const value = await queued.work();
        release.run();
        succeeded.push({ queued, value });
      } catch (error) {
        queued.reject(error);
        if (writer.inTransaction) {
          rollbackToSavepoint.run();
          release.run();
          continue;
        }
        // Some errors make SQLite end the whole transaction: the group's earlier work went with
        // it. Those callers get the error too (nothing of theirs was stored); the rest of the
        // group runs in the next one.
        for (const done of succeeded) done.queued.reject(error);
        queue = [...group.slice(index + 1), ...queue];
        return;
      }
    }
    try {
      commit.run();
    } catch (error) {
      if (writer.inTransaction) rollback.run();
      for (const done of succeeded) done.queued.reject(error);
      return;
    }
    // Before any caller goes on: one that booked and then reloads sees its booking.
    configuration.availabilitySettled();
    for (const done of succeeded) done.queued.resolve(done.value);
  };

  const runQueue = () => {
    const group = queue.slice(0, MOST_IN_ONE_COMMIT);
    queue = queue.slice(group.length);
    runGroup(group)
      .catch((error: unknown) => {
        // A transaction statement itself failed (SAVEPOINT, RELEASE): nothing of this group is
        // kept, and every caller still waiting hears of it. (A promise settles once: those already
        // answered stay answered.)
        if (writer.inTransaction) rollback.run();
        for (const queued of group) queued.reject(error);
      })
      .finally(() => {
        if (configurationTouched) {
          configurationTouched = false;
          configuration.settled();
        }
        configuration.availabilitySettled(); // a group that failed: what it changed is not there
        if (queue.length > 0) setImmediate(runQueue);
        else busy = false;
      });
  };

  const transact = <T>(work: () => Awaitable<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (busy) return;
      busy = true;
      // After the requests that arrived with this one have queued theirs (setImmediate runs once
      // this turn of the event loop has handled its network input): they share the commit.
      setImmediate(runQueue);
    });

  return { writer, reader, transact, configuration };
}

/** Repositories made over each connection, by the function that made them and the configuration they read through. */
const madeOver = new WeakMap<SqliteDatabase, Map<unknown, Map<ConfigurationCache | undefined, unknown>>>();

/**
 * What `make` makes over `db` (with `configuration`), made once per connection: each module asks
 * for a store over the repositories it uses, and the same repository (records, calendars) was
 * made again for each, its statements prepared again: 2,258 statements a server, 225 of them
 * different, some 70 ms to start it and 110 to close it. A repository holds nothing but its
 * statements and caches of what it read, so stores over one connection share it.
 */
export function madeOnce<Made, Configuration extends ConfigurationCache | undefined>(
  make: (db: SqliteDatabase, configuration: Configuration) => Made,
  db: SqliteDatabase,
  configuration: Configuration,
): Made {
  let byMaker = madeOver.get(db);
  if (byMaker === undefined) {
    byMaker = new Map();
    madeOver.set(db, byMaker);
  }
  let byConfiguration = byMaker.get(make);
  if (byConfiguration === undefined) {
    byConfiguration = new Map();
    byMaker.set(make, byConfiguration);
  }
  if (!byConfiguration.has(configuration)) byConfiguration.set(configuration, make(db, configuration));
  return byConfiguration.get(configuration) as Made;
}

/**
 * A {@link Store} over SQLite: `makeRepositories` is called once per connection (statements are
 * prepared once; see {@link madeOnce} for what stores share), with the file's configuration cache;
 * transactions run on the writer through {@link SqliteConnections.transact}.
 */
export function sqliteStore<Repositories>(
  connections: SqliteConnections,
  makeRepositories: (db: SqliteDatabase, configuration: ConfigurationCache) => Repositories,
): Store<Repositories> {
  const inTransaction = madeOnce(makeRepositories, connections.writer, connections.configuration);
  const read = connections.reader === connections.writer ? inTransaction : madeOnce(makeRepositories, connections.reader, connections.configuration);
  return {
    read,
    transaction: (work) => connections.transact(() => work(inTransaction)),
    async openSnapshot() {
      // An in-memory database has one connection: its reads are the snapshot there is.
      if (connections.writer.memory) return { read, close: async () => {} };
      const db = new Database(connections.writer.name, { readonly: true });
      try {
        db.pragma(`cache_size = -${String(SNAPSHOT_CACHE_KIB)}`);
        db.pragma(`busy_timeout = ${String(connections.writer.pragma('busy_timeout', { simple: true }))}`);
        const repositories = makeRepositories(db, connections.configuration);
        // The snapshot is taken at the first read and held until COMMIT (WAL: the writer goes on).
        db.exec('BEGIN');
        return {
          read: repositories,
          close: async () => {
            if (db.inTransaction) db.exec('COMMIT');
            db.close();
          },
        };
      } catch (error) {
        db.close();
        throw error;
      }
    },
  };
}
