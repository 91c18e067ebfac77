import type { Answers } from '@city/survey-core';
import type { Awaitable } from '../../db/store.js';

/** A citizen's unsent answers to one survey (migration 17's survey_drafts). */
export interface StoredDraft {
  userId: string;
  surveyId: string;
  answers: Answers;
  savedAt: number;
  expiresAt: number;
}

export interface DraftRepository {
  find(userId: string, surveyId: string): Awaitable<StoredDraft | undefined>;
  /** Writes the draft over any earlier one of the same citizen and survey. */
  save(draft: StoredDraft): Awaitable<void>;
  remove(userId: string, surveyId: string): Awaitable<void>;
  /** Removes every draft that expired at or before `now`; how many. */
  removeExpired(now: number): Awaitable<number>;
}
