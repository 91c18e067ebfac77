import type { RecordSummary } from '@city/api-client';
import type { Answers, CheckStatus, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { answersFromRows, groupSurveyResults, parsePartitionKey } from '@city/survey-core';

/** Which record: a survey and the record's partitionKey. */
export interface RecordKey {
  surveyId: string;
  partitionKey: string;
}

/** One stored record (the rows of one partitionKey). */
export interface SelectedRecord extends RecordKey {
  check: CheckStatus;
  rows: SurveyResultRow[];
  /** 受付番号, when the server gave it: what the citizen quotes when they call the city hall. */
  receiptNumber?: string;
}

/** A survey and the citizen's rows in it (every record of theirs), as the server sent them. */
export interface SurveyRecords {
  config: SurveyConfig;
  rows: SurveyResultRow[];
  /** Each record's receipt number. */
  receipts: RecordSummary[];
}

/** One record as the screens show it. */
export interface RecordView {
  record: SelectedRecord;
  answers: Answers;
}

/**
 * The citizen's records of a survey, newest first: grouped by partitionKey with groupSurveyResults
 * (titles from the schema), each with its rows, answers and receipt number. Update-mode keys carry
 * no time (0).
 */
export function recordsOf(config: SurveyConfig, rows: readonly SurveyResultRow[], receipts: readonly RecordSummary[]): RecordView[] {
  const receiptNumbers = new Map(receipts.map((receipt) => [receipt.partitionKey, receipt.receiptNumber]));
  const groups = groupSurveyResults(rows, config.surveySchema);
  const appendedAt = (partitionKey: string) => parsePartitionKey(partitionKey)?.appendedAt ?? 0;
  return groups
    .map((group) => {
      const recordRows = rows.filter((row) => row.partitionKey === group.partitionKey);
      const receiptNumber = receiptNumbers.get(group.partitionKey);
      return {
        record: {
          surveyId: group.surveyId,
          partitionKey: group.partitionKey,
          check: group.check,
          rows: recordRows,
          ...(receiptNumber === undefined ? {} : { receiptNumber }),
        },
        answers: answersFromRows(config.surveySchema, recordRows),
      };
    })
    .sort((a, b) => appendedAt(b.record.partitionKey) - appendedAt(a.record.partitionKey));
}
