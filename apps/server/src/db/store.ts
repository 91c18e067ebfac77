// How use-cases reach storage, whatever the database: a set of repositories for reading, and
// transactions that hand the same set bound to the transaction. A use-case opens the transaction;
// repositories only run statements inside it. Work spanning modules (a record, a capacity claim, a
// hold) runs in one transaction of a store whose set holds all their repositories.

/**
 * What a repository's method answers: the value itself where the driver is synchronous (SQLite),
 * a promise of it where it waits (PostgreSQL). Callers `await` it either way: on SQLite a
 * transaction's body then runs through its statements with no async function per statement
 * (issue 30: one of those per statement, each with its promise and its turn of the microtask
 * queue, was a few percent of a booking's CPU), and the interface says nothing of either driver.
 */
export type Awaitable<T> = T | Promise<T>;

/** `next` of what `value` answers: at once when it is there, once it is when it is a promise. */
export function whenAnswered<T, U>(value: Awaitable<T>, next: (answered: T) => U): Awaitable<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** Repositories of one or more modules, over one database. */
export interface Store<Repositories> {
  /**
   * The repositories for reading outside any transaction: they see committed data only, never a
   * transaction in progress (an in-memory SQLite database, which has one connection, excepted).
   */
  readonly read: Repositories;
  /**
   * Runs `work` in one transaction with the repositories bound to it: committed when `work`
   * resolves, rolled back when it rejects, so that either all of it happens or none of it.
   * Transactions do not nest: pass the repositories on instead of opening another.
   */
  transaction<T>(work: (repositories: Repositories) => Awaitable<T>): Promise<T>;
  /**
   * Repositories reading one snapshot of committed data, on a connection of their own, until
   * `close`: a long read (an export of a million records) sees nothing change under it, keeps its
   * pages out of the shared reader's cache (the pages citizens' requests keep reading), and on
   * PostgreSQL holds one of the pool's connections meanwhile. Close it when done, failed or not.
   */
  openSnapshot(): Promise<Snapshot<Repositories>>;
}

/** Repositories reading one snapshot (see Store.openSnapshot). */
export interface Snapshot<Repositories> {
  readonly read: Repositories;
  close(): Promise<void>;
}
