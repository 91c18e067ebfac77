import type { OrderView } from '@city/api-client';
import { isClosedCheckStatus } from '@city/survey-core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { BookingSummaries } from '../../components/booking-summaries.js';
import { recordsOf } from '../../lib/records.js';
import { useGetRecordsQuery } from '../../store/api-slice.js';
import { useBookings } from '../../store/use-bookings.js';

/** How old (seconds) the records an order is read from may be when another part of the screen mounts. */
const RECORDS_FRESH_FOR_S = 5;

/**
 * The booking an order pays for, read from the citizen's records of its survey (the store is empty
 * after the payment provider's full page return): date, time and place. The survey's title too,
 * and whether the record was cancelled (undefined until the records are in; false if they fail).
 */
export function useOrderRecord(order: OrderView | undefined) {
  // Asked afresh as a screen opens, but not again by each part of it that reads the record (the
  // receipt and its facts mount a moment apart); a change the app makes invalidates them anyway.
  const records = useGetRecordsQuery(order?.surveyId ?? skipToken, { refetchOnMountOrArgChange: RECORDS_FRESH_FOR_S });
  const found = useMemo(() => {
    const survey = records.currentData?.[0];
    if (order === undefined || survey === undefined) return undefined;
    const view = recordsOf(survey.config, survey.rows, survey.receipts).find((candidate) => candidate.record.partitionKey === order.partitionKey);
    return { config: survey.config, view };
  }, [order, records.currentData]);
  const shown = useMemo(() => (found?.view === undefined ? [] : [{ config: found.config, answers: found.view.answers }]), [found]);
  const bookings = useBookings(shown);
  let recordClosed: boolean | undefined;
  if (found?.view !== undefined) recordClosed = isClosedCheckStatus(found.view.record.check);
  else if (records.isError || records.currentData !== undefined) recordClosed = false;
  // Settled once the records are in (or failed) and the booking's times too (or failed): what
  // shows the booking can then be drawn whole, rather than push what is below it down later.
  const settled = recordClosed !== undefined && !bookings.loading;
  return { surveyTitle: found?.config.surveyTitle ?? order?.surveyId, bookings: [...bookings.views.values()], recordClosed, settled };
}

/** The booking an order pays for, as BookingSummary shows it. */
export function OrderBooking({ order }: { order: OrderView }) {
  const { bookings } = useOrderRecord(order);
  return <BookingSummaries views={bookings} />;
}
