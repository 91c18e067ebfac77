// A citizen reads their own records, as citizens see them (staff-only answers left out).
import type { OwnRecordsResponse } from '@city/api-client';
import type { SurveyResultRow } from '@city/survey-core';
import { citizenRows } from '@city/survey-core';
import { configOfEveryVersion, requireCitizenSurvey } from '../surveys/surveys.js';
import type { RecordsDeps } from './records.js';
import { citizen } from '../../access/actor.js';
import { requireRecordFor } from './record-access.js';

/** Every row of the user's records in the survey. */
export async function rowsOfUser(deps: RecordsDeps, surveyId: string, userId: string): Promise<SurveyResultRow[]> {
  const survey = await requireCitizenSurvey(deps.store.read.surveys, surveyId);
  return citizenRows(await configOfEveryVersion(deps.store.read.surveys, survey), await deps.store.read.records.rowsOfUser(surveyId, userId));
}

/** Every row of the user's records in the survey, and each record's receipt number. */
export async function recordsOfUser(deps: RecordsDeps, surveyId: string, userId: string): Promise<OwnRecordsResponse> {
  const survey = await requireCitizenSurvey(deps.store.read.surveys, surveyId);
  const { records } = deps.store.read;
  return {
    data: citizenRows(await configOfEveryVersion(deps.store.read.surveys, survey), await records.rowsOfUser(surveyId, userId)),
    records: (await records.recordsOfUser(surveyId, userId)).map(({ partitionKey, receiptNumber }) => ({ partitionKey, receiptNumber })),
  };
}

/** The rows of one of the user's records, and its receipt number. */
export async function ownRecord(deps: RecordsDeps, surveyId: string, partitionKey: string, userId: string): Promise<OwnRecordsResponse> {
  const survey = await requireCitizenSurvey(deps.store.read.surveys, surveyId);
  const { records } = deps.store.read;
  const record = await requireRecordFor({ records, surveys: deps.store.read.surveys }, citizen(userId), 'records.read', surveyId, partitionKey);
  return { data: citizenRows(await configOfEveryVersion(deps.store.read.surveys, survey), await records.rowsOf(partitionKey)), records: [{ partitionKey, receiptNumber: record.receiptNumber }] };
}
