import type { SurveyResultGroup, SurveyResultRow, SurveySchemaItem } from './types.js';

/**
 * Gathers rows into records (one group per partitionKey, in the order records first appear), each
 * item titled from the schema item with the same itemKey. Rows whose itemKey is not in the schema
 * (an item since removed, or a staff-only item hidden from citizens) are left out.
 *
 * @example
 * ```ts
 * const [record] = groupSurveyResults(rows, config.surveySchema);
 * record.items.map((item) => `${item.title}: ${item.value}`);
 * // ['お名前: 山田太郎', ...]
 * ```
 */
export function groupSurveyResults(
  rows: readonly SurveyResultRow[],
  schema: readonly SurveySchemaItem[],
): SurveyResultGroup[] {
  const titles = new Map(schema.map((item) => [item.itemKey, item.title]));
  const groups = new Map<string, SurveyResultGroup>();
  for (const row of rows) {
    let group = groups.get(row.partitionKey);
    if (group === undefined) {
      group = {
        partitionKey: row.partitionKey,
        surveyId: row.surveyId,
        userId: row.userId,
        check: row.check,
        items: [],
      };
      groups.set(row.partitionKey, group);
    }
    const title = titles.get(row.itemKey);
    if (title === undefined) continue;
    group.items.push({ itemKey: row.itemKey, value: row.value, title, check: group.check });
  }
  return [...groups.values()];
}
