// Which item columns the results list shows. The choice is kept on the server per staff member
// and survey (staffColumnChoice), so it follows the person from one terminal to another.

/** Columns shown before anyone chooses: the first few items, enough to recognise a record. */
const DEFAULT_COLUMN_COUNT = 3;

/**
 * The itemKeys to show, in the survey's order: the choice (items since removed from the survey
 * dropped), or the first few items while the choice loads, when it could not be read, or when
 * none was made yet (`null`). An empty choice stays empty: the staff member unticked them all.
 */
export function columnsToShow(available: readonly string[], chosen: readonly string[] | null | undefined): string[] {
  if (chosen === null || chosen === undefined) return available.slice(0, DEFAULT_COLUMN_COUNT);
  const picked = new Set(chosen);
  return available.filter((itemKey) => picked.has(itemKey));
}
