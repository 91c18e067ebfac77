import type { SurveyConfig, SurveySchemaItem } from './types.js';

/** Separates the parts of partitionKey, sortKey and userSearchKey. */
export const KEY_SEPARATOR = '#';

/**
 * Throws when the schema could make two rows of one record share a key: an itemKey that is empty,
 * contains the separator, or appears twice. These are configuration mistakes, not citizen input,
 * so they fail loudly instead of producing rows that overwrite each other.
 */
export function assertUsableSchema(schema: readonly SurveySchemaItem[]): void {
  const seen = new Set<string>();
  for (const item of schema) {
    if (item.itemKey === '' || item.itemKey.includes(KEY_SEPARATOR)) {
      throw new TypeError(
        `Survey item keys must be non-empty and must not contain "${KEY_SEPARATOR}": ${JSON.stringify(item.itemKey)}`,
      );
    }
    if (seen.has(item.itemKey)) {
      throw new TypeError(`Survey item key appears twice: ${JSON.stringify(item.itemKey)}`);
    }
    seen.add(item.itemKey);
  }
}

/** Throws when a part of a partitionKey is empty or contains the separator. */
export function assertKeyPart(name: string, value: string): void {
  if (value === '' || value.includes(KEY_SEPARATOR)) {
    throw new TypeError(`${name} must be non-empty and must not contain "${KEY_SEPARATOR}": ${JSON.stringify(value)}`);
  }
}

/** `surveyId#userId`, or `surveyId#userId#<timestamp>` for a record of an append-mode survey. */
export function buildPartitionKey(surveyId: string, userId: string, appendedAt?: number): string {
  const base = `${surveyId}${KEY_SEPARATOR}${userId}`;
  return appendedAt === undefined ? base : `${base}${KEY_SEPARATOR}${appendedAt}`;
}

/** What a partitionKey is made of. */
export interface PartitionKeyParts {
  surveyId: string;
  userId: string;
  /** The milliseconds of an append-mode record (`surveyId#userId#<ms>`); absent in update mode. */
  appendedAt?: number;
}

const APPENDED_AT = /^\d{1,16}$/;

/**
 * Reads a partitionKey back into its parts: `surveyId#userId`, or `surveyId#userId#<ms>` for a
 * record of an append-mode survey. Undefined for anything else (an empty part, a fourth part, a
 * time that is not 1 to 16 digits).
 *
 * @example
 * ```ts
 * parsePartitionKey('clinic#U1#1764000000000'); // { surveyId: 'clinic', userId: 'U1', appendedAt: 1764000000000 }
 * parsePartitionKey('clinic#U1'); // { surveyId: 'clinic', userId: 'U1' }
 * ```
 */
export function parsePartitionKey(partitionKey: string): PartitionKeyParts | undefined {
  const [surveyId, userId, appendedAt, ...rest] = partitionKey.split(KEY_SEPARATOR);
  if (surveyId === undefined || surveyId === '' || userId === undefined || userId === '' || rest.length > 0) return undefined;
  if (appendedAt === undefined) return { surveyId, userId };
  return APPENDED_AT.test(appendedAt) ? { surveyId, userId, appendedAt: Number(appendedAt) } : undefined;
}

/**
 * Whether `partitionKey` has the form this citizen's records of this survey take: exactly
 * `surveyId#userId` for an update-mode survey, `surveyId#userId#<ms>` for an append-mode one. A
 * server uses it to refuse a key made for someone else (or for the other mode).
 *
 * @example
 * ```ts
 * isCitizenPartitionKey('clinic#U1', { surveyId: 'clinic', surveySchema: [] }, 'U1'); // true
 * isCitizenPartitionKey('clinic#U2', { surveyId: 'clinic', surveySchema: [] }, 'U1'); // false
 * ```
 */
export function isCitizenPartitionKey(
  partitionKey: string,
  config: Pick<SurveyConfig, 'surveyId' | 'isAppending'>,
  userId: string,
): boolean {
  const parts = parsePartitionKey(partitionKey);
  if (parts === undefined || parts.surveyId !== config.surveyId || parts.userId !== userId) return false;
  return config.isAppending?.value === true ? parts.appendedAt !== undefined : parts.appendedAt === undefined;
}

/**
 * The userSearchKey of an answered value, `itemKey#value`: what look-ups search by (a radio
 * choice, a text answer, a date). Checkbox choices add the value once more (see the row rules).
 */
export function buildUserSearchKey(itemKey: string, value: string): string {
  return `${itemKey}${KEY_SEPARATOR}${value}`;
}
