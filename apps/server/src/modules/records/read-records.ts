// A citizen reads their own records, as citizens see them (staff-only answers left out).
import type { SurveyResultRow } from '@city/survey-core';
import { citizenRows } from '@city/survey-core';
import { requireSurvey } from '../surveys/surveys.js';
import type { RecordsDeps } from './records.js';
import { requireOwnRecord } from './records.js';

/** Every row of the user's records in the survey. */
export async function rowsOfUser(deps: RecordsDeps, surveyId: string, userId: string): Promise<SurveyResultRow[]> {
  const survey = await requireSurvey(deps.store.read.surveys, surveyId);
  return citizenRows(survey.config, await deps.store.read.records.rowsOfUser(surveyId, userId));
}

/** The rows of one of the user's records. */
export async function rowsOfOwnRecord(deps: RecordsDeps, surveyId: string, partitionKey: string, userId: string): Promise<SurveyResultRow[]> {
  const survey = await requireSurvey(deps.store.read.surveys, surveyId);
  const { records } = deps.store.read;
  await requireOwnRecord(records, surveyId, partitionKey, userId);
  return citizenRows(survey.config, await records.rowsOf(partitionKey));
}
