import type { SurveySchemaItem } from './types.js';

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
