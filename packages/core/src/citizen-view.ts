import type { SurveyConfig, SurveyResultRow, SurveySchemaItem } from './types.js';

/** Whether an item is for staff only (`isAdminItem`): citizens never see it or its answers. */
export function isStaffOnlyItem(item: SurveySchemaItem): boolean {
  return item.isAdminItem === true;
}

/**
 * The survey as citizens see it: staff-only items removed. What a server hands to the citizen app,
 * and what a citizen's answers are checked against.
 *
 * @example
 * ```ts
 * citizenView(config).surveySchema.some((item) => item.isAdminItem); // false
 * ```
 */
export function citizenView<Config extends SurveyConfig>(config: Config): Config {
  return { ...config, surveySchema: config.surveySchema.filter((item) => !isStaffOnlyItem(item)) };
}

/** A record's rows as citizens see them: the rows of staff-only items removed. */
export function citizenRows(config: SurveyConfig, rows: readonly SurveyResultRow[]): SurveyResultRow[] {
  const staffOnly = new Set(config.surveySchema.filter(isStaffOnlyItem).map((item) => item.itemKey));
  return staffOnly.size === 0 ? [...rows] : rows.filter((row) => !staffOnly.has(row.itemKey));
}
