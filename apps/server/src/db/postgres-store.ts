import type pg from 'pg';
import type { Configuration } from './configuration-cache.js';
import { ConfigurationCache } from './configuration-cache.js';
import type { PostgresQueryable } from './postgres.js';
import type { Awaitable, Store } from './store.js';

/**
 * One PostgreSQL database as the stores use it: a pool, from which each transaction takes a
 * connection of its own (transactions run side by side, unlike SQLite's one writer), and the
 * configuration this instance keeps in memory.
 *
 * Isolation: READ COMMITTED, PostgreSQL's default, with the guarantees in the statements themselves
 * (see the server README, "PostgreSQL"): capacity by one conditional UPDATE, which locks the slot's
 * row and checks its condition on the row's newest version; unique keys with INSERT … ON CONFLICT;
 * row locks (SELECT … FOR UPDATE) or transaction-scoped advisory locks where a value is read and
 * then written. Two transactions that lock the same rows in opposite orders deadlock: PostgreSQL
 * aborts one, and it is run again from the start (as is one that hits a serialization failure).
 */
export interface PostgresConnections {
  pool: pg.Pool;
  /**
   * Runs `work` in one transaction on a connection of its own: committed when it resolves, rolled
   * back when it rejects. After a deadlock or a serialization failure, `work` runs again from the
   * start, up to {@link MOST_ATTEMPTS} times: it must do nothing but database work.
   */
  transact: <T>(work: (client: pg.PoolClient, configuration: Configuration) => Awaitable<T>) => Promise<T>;
  /** The configuration kept in memory for this database (see configuration-cache.ts). */
  configuration: ConfigurationCache;
  /** Stops watching the configuration; the pool is the caller's to end. */
  close: () => void;
}

/** Attempts of one transaction that deadlocks or fails to serialize, before its error is the caller's. */
export const MOST_ATTEMPTS = 5;
/**
 * serialization_failure and deadlock_detected: the transaction did nothing and may simply run
 * again. And unique_violation: under READ COMMITTED a row that does not exist yet has nothing to
 * lock, so two transactions may both find a key free (a citizen's first submission sent twice at
 * once, on two instances) and the second insert fails; run again, it finds the first one's row and
 * does what SQLite's one writer would have done after it (an edit, an idempotent answer).
 */
const RETRYABLE = new Set(['40001', '40P01', '23505']);

const isRetryable = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && RETRYABLE.has(String(error.code));

/**
 * The configuration cache as one transaction sees it: its first change holds the cache (nothing is
 * kept meanwhile: this transaction's reads see its uncommitted change, and others' reads the value
 * before it) until the transaction has ended, committed or not.
 */
class TransactionConfiguration implements Configuration {
  changedHere = false;
  availabilityChangedHere = false;
  constructor(private readonly cache: ConfigurationCache) {}
  get<T>(key: string, load: () => T): T {
    return this.cache.get(key, load);
  }
  getAsync<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.getAsync(key, load);
  }
  changed(): void {
    if (this.changedHere) return;
    this.changedHere = true;
    this.cache.beginChange();
  }
  getRecentAvailability<T>(key: string, now: number, load: () => Promise<{ value: T; validUntil: number }>): Promise<T> {
    return this.cache.getRecentAvailability(key, now, load);
  }
  availabilityChanged(): void {
    if (this.availabilityChangedHere) return;
    this.availabilityChangedHere = true;
    // Forgotten now, and again once this transaction ends: whatever was kept meanwhile.
    this.cache.availabilityChanged();
  }
  ended(): void {
    if (this.changedHere) this.cache.endChange();
    if (this.availabilityChangedHere) this.cache.availabilityChanged();
  }
}

export function connectPostgres(pool: pg.Pool, options: { configurationMaxAgeMs?: number } = {}): PostgresConnections {
  // The stored generation as last read: the cache asks for it synchronously, so it is read here in
  // the background, as often as the cache may serve a value unchecked. Another instance's change
  // is therefore seen within twice that bound at most.
  let storedGeneration = 0;
  const configuration = new ConfigurationCache(() => storedGeneration, options.configurationMaxAgeMs);
  const readGeneration = async () => {
    const { rows } = await pool.query<{ generation: number }>('SELECT generation FROM configuration_generation WHERE id = 1');
    storedGeneration = rows[0]?.generation ?? 0;
  };
  const poll = setInterval(() => {
    readGeneration().catch(() => undefined); // unreachable for a moment: the next poll tries again
  }, options.configurationMaxAgeMs ?? 1000);
  poll.unref();
  void readGeneration().catch(() => undefined);

  const transact = async <T>(work: (client: pg.PoolClient, configuration: Configuration) => Awaitable<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      const transactionConfiguration = new TransactionConfiguration(configuration);
      let broken = false;
      try {
        await client.query('BEGIN');
        const value = await work(client, transactionConfiguration);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true; // the connection itself failed: it is not given back to the pool
        }
        if (!isRetryable(error) || attempt >= MOST_ATTEMPTS) throw error;
      } finally {
        // After the commit (or rollback): until then, a read on another connection still gets the
        // configuration before this change, and must not be kept.
        transactionConfiguration.ended();
        client.release(broken);
      }
      // A few milliseconds, growing and spread at random, so that the two again do not meet again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** attempt));
    }
  };

  return {
    pool,
    transact,
    configuration,
    close: () => {
      clearInterval(poll);
    },
  };
}

/**
 * A {@link Store} over PostgreSQL: `makeRepositories` is called once with the pool (reads outside
 * transactions) and once per transaction with its connection. Repositories that change the
 * configuration call `configuration.changed()` in the transaction that changes it.
 */
export function postgresStore<Repositories>(
  connections: PostgresConnections,
  makeRepositories: (db: PostgresQueryable, configuration: Configuration) => Repositories,
): Store<Repositories> {
  return {
    read: makeRepositories(connections.pool, connections.configuration),
    transaction: (work) => connections.transact((client, configuration) => work(makeRepositories(client, configuration))),
    async openSnapshot() {
      const client = await connections.pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      } catch (error) {
        client.release(true);
        throw error;
      }
      return {
        read: makeRepositories(client, connections.configuration),
        close: async () => {
          try {
            await client.query('COMMIT');
            client.release();
          } catch (error) {
            client.release(true);
            throw error;
          }
        },
      };
    },
  };
}
