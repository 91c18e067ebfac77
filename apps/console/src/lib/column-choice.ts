// Which item columns the results list shows: chosen per staff member and survey, kept in this
// browser's localStorage (the key names the staff member, so two people at one desk keep theirs).

const PREFIX = 'city-console:columns';
/** Columns shown before anyone chooses: the first few items, enough to recognise a record. */
const DEFAULT_COLUMN_COUNT = 3;

export const columnChoiceKey = (staffId: string, surveyId: string) => `${PREFIX}:${staffId}:${surveyId}`;

/**
 * The itemKeys to show, in the survey's order: the stored choice (items since removed dropped),
 * or the first few items when nothing is stored or the stored text is not a list.
 */
export function loadColumnChoice(storage: Storage, staffId: string, surveyId: string, available: readonly string[]): string[] {
  const fallback = available.slice(0, DEFAULT_COLUMN_COUNT);
  let stored: unknown;
  try {
    const text = storage.getItem(columnChoiceKey(staffId, surveyId));
    if (text === null) return fallback;
    stored = JSON.parse(text);
  } catch {
    return fallback;
  }
  if (!Array.isArray(stored) || !stored.every((value) => typeof value === 'string')) return fallback;
  const chosen = new Set(stored);
  return available.filter((itemKey) => chosen.has(itemKey));
}

/** Keeps the choice; a full or refused storage only loses it for the next visit. */
export function saveColumnChoice(storage: Storage, staffId: string, surveyId: string, itemKeys: readonly string[]): void {
  try {
    storage.setItem(columnChoiceKey(staffId, surveyId), JSON.stringify(itemKeys));
  } catch {
    // Private mode or a full storage: the choice lasts for this page only.
  }
}
