import type { SurveyConfig } from '@city/survey-core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import type { RecordView } from '../../lib/records.js';
import { recordsOf } from '../../lib/records.js';
import { useGetRecordsQuery } from '../../store/api-slice.js';
import type { PickedRecord } from '../../store/survey-slice.js';

/** A picked record as its list last loaded it, with its survey. */
export interface RecordInHand {
  config: SurveyConfig;
  view: RecordView;
}

/**
 * The picked record, read live from the list it was picked in (no request of its own while that
 * list is in hand): undefined when nothing is picked or it is no longer there; `loading` while
 * that list is being loaded with nothing to show yet.
 */
export function useRecordInHand(key: PickedRecord | null): { found: RecordInHand | undefined; loading: boolean } {
  const { currentData, isFetching } = useGetRecordsQuery(key === null ? skipToken : key.list);
  const found = useMemo(() => {
    if (key === null) return undefined;
    const records = currentData?.find((candidate) => candidate.config.surveyId === key.surveyId);
    if (records === undefined) return undefined;
    const view = recordsOf(records.config, records.rows, records.receipts).find((candidate) => candidate.record.partitionKey === key.partitionKey);
    return view === undefined ? undefined : { config: records.config, view };
  }, [currentData, key]);
  return { found, loading: found === undefined && currentData === undefined && isFetching };
}
