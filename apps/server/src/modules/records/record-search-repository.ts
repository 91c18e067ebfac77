import type { RecordFilter } from '@city/api-client/staff-contract';

/** Where a page of a newest-first list ends: the next page starts after it. */
export interface SearchCursor {
  createdAt: number;
  partitionKey: string;
}

/**
 * Staff's view of a survey's records: filtered (every condition of the filter must hold), newest
 * first, a page at a time by keyset (never OFFSET, so a deep page costs what the first does).
 */
export interface RecordSearchRepository {
  /** Every record of the survey. */
  countAll(surveyId: string): Promise<number>;
  countMatching(surveyId: string, filter: RecordFilter): Promise<number>;
  /** Up to `limit` matching partition keys after `after`, newest first. */
  page(surveyId: string, filter: RecordFilter, after: SearchCursor | undefined, limit: number): Promise<SearchCursor[]>;
  /** Every matching partition key (a bulk action's set), newest first. */
  allMatching(surveyId: string, filter: RecordFilter): Promise<string[]>;
}
