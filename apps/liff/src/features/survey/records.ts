import type { Answers, CheckStatus, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { answersFromRows, groupSurveyResults, KEY_SEPARATOR } from '@city/survey-core';

/** Where a call stands. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** Which record: a survey and the record's partitionKey. */
export interface RecordKey {
  surveyId: string;
  partitionKey: string;
}

/** One stored record (the rows of one partitionKey). */
export interface SelectedRecord extends RecordKey {
  check: CheckStatus;
  rows: SurveyResultRow[];
}

/** Statuses after which a record can no longer be changed or cancelled by the citizen. */
const CLOSED_STATUSES: readonly CheckStatus[] = ['キャンセル', '取り消し'];

export const isClosed = (check: CheckStatus) => CLOSED_STATUSES.includes(check);

/** One record as the screens show it. */
export interface RecordView {
  record: SelectedRecord;
  answers: Answers;
}

/**
 * The citizen's records of a survey, newest first: grouped by partitionKey with groupSurveyResults
 * (titles from the schema), each with its rows and answers.
 */
export function recordsOf(config: SurveyConfig, rows: readonly SurveyResultRow[]): RecordView[] {
  const groups = groupSurveyResults(rows, config.surveySchema);
  return groups
    .map((group) => {
      const recordRows = rows.filter((row) => row.partitionKey === group.partitionKey);
      return {
        record: { surveyId: group.surveyId, partitionKey: group.partitionKey, check: group.check, rows: recordRows },
        answers: answersFromRows(config.surveySchema, recordRows),
      };
    })
    .sort((a, b) => appendedAt(b.record.partitionKey) - appendedAt(a.record.partitionKey));
}

/** The time in an append-mode partition key (`surveyId#userId#ms`); 0 for an update-mode key. */
function appendedAt(partitionKey: string): number {
  const [, , time] = partitionKey.split(KEY_SEPARATOR);
  const value = Number(time);
  return Number.isFinite(value) ? value : 0;
}
