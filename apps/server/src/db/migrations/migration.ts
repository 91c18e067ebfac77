/**
 * A numbered schema change, applied once, in order, at start (`migrate` in `../database.ts`). Its
 * file is named by its version (`007-…ts`). Never edit a released one: add the next.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
