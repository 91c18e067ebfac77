// How use-cases reach storage, whatever the database: a set of repositories for reading, and
// transactions that hand the same set bound to the transaction. A use-case opens the transaction;
// repositories only run statements inside it. Work spanning modules (a record, a capacity claim, a
// hold) runs in one transaction of a store whose set holds all their repositories.

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
  transaction<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>;
}
