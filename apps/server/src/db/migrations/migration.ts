/**
 * A numbered schema change, applied once, in order, at start (`migrate` in `../database.ts` for
 * SQLite, `migratePostgres` in `../postgres.ts`). Its file is named by its version (`007-…ts`).
 * Never edit a released one: add the next.
 */
export interface Migration {
  version: number;
  name: string;
  /** The change on SQLite. */
  sql: string;
  /**
   * The same change on PostgreSQL. PostgreSQL's schema begins at migration 13, which creates there
   * what 1 to 12 made on SQLite: those have none. Every migration after 13 has both, but for a
   * change SQLite alone needs (15, its folded answers).
   */
  postgres?: string;
}
