// survey-results/filterQuery: a citizen finds a record by the survey's look-up items (a record
// staff imported, say), with a daily lockout against guessing.
import type { SurveyResultRow } from '@city/survey-core';
import { buildUserSearchKey, citizenRows, normalizeAnswers, todayInJapan } from '@city/survey-core';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { readLookedUpNumber } from '../members/membership-rules.js';
import { configOfEveryVersion, requireCitizenSurvey } from '../surveys/surveys.js';
import type { RecordsDeps } from './records.js';

/** Failed look-ups allowed per user per (Japanese) day. */
export const LOOKUP_FAILURES_PER_DAY = 10;
/** How long a record found by look-up may be claimed with putUserId. */
const LOOKUP_GRANT_MS = 30 * 60_000;

/**
 * The record of the survey whose look-up items have these values, if it is unclaimed or the
 * caller's; it may then be claimed for a while. A miss counts towards the lockout: 10 in a
 * Japanese day, and the caller is refused until midnight JST.
 */
export async function lookUpRecord(deps: RecordsDeps, surveyId: string, lookup: Record<string, string>, userId: string): Promise<SurveyResultRow[]> {
  const survey = await requireCitizenSurvey(deps.store.read.surveys, surveyId);
  if (!survey.searchable || survey.lookupItemKeys.length === 0) {
    throw new HttpError(404, 'survey_not_found', messages.surveyNotFound);
  }
  // Staff-only items of every version are left out, those an edit removed included.
  const everyVersion = await configOfEveryVersion(deps.store.read.surveys, survey);
  const day = todayInJapan();
  const normalized = normalizeAnswers(survey.config.surveySchema, lookup);
  // A miss is answered after the transaction: its failure count must be committed, not rolled back.
  const outcome = await deps.store.transaction(async ({ records, lookupGuards }): Promise<SurveyResultRow[] | HttpError> => {
    if ((await lookupGuards.failures(userId, day)) >= LOOKUP_FAILURES_PER_DAY) {
      throw new HttpError(429, 'lookup_locked', messages.lookupLocked);
    }
    // A member number that cannot be one (wrong shape or check digit) is refused before any search
    // and does not count toward the lockout: no record was tried, so nothing about any record can
    // be learnt from it, and the check digit is there so that a citizen's typing mistake is
    // pointed out rather than punished. Every well-formed number that finds nothing still counts.
    const values = readLookedUpNumber(survey.config, survey.lookupItemKeys, normalized);
    const searchKeys = survey.lookupItemKeys.map((itemKey) => {
      const value = values[itemKey];
      if (typeof value !== 'string' || value.trim() === '') {
        throw new HttpError(400, 'lookup_fields_missing', messages.lookupFieldsMissing);
      }
      return buildUserSearchKey(itemKey, value);
    });
    // A match that belongs to someone else is no match: its existence is not revealed.
    let found: string | undefined;
    for (const partitionKey of await records.findBySearchKeys(survey.config.surveyId, searchKeys)) {
      const record = await records.find(partitionKey);
      if (record !== undefined && (record.userId === '' || record.userId === userId)) {
        found = record.partitionKey;
        break;
      }
    }
    if (found === undefined) {
      await lookupGuards.addFailure(userId, day);
      const locked = (await lookupGuards.failures(userId, day)) >= LOOKUP_FAILURES_PER_DAY;
      return locked
        ? new HttpError(429, 'lookup_locked', messages.lookupLocked)
        : new HttpError(404, 'lookup_failed', messages.lookupFailed);
    }
    await lookupGuards.grant(userId, found, Date.now() + LOOKUP_GRANT_MS);
    return citizenRows(everyVersion, await records.rowsOf(found));
  });
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}
