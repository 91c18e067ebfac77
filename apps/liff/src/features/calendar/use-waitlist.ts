// The citizen's waitlist places (キャンセル待ち) and whether a calendar takes a waitlist; a calendar's
// lottery (抽選) and the citizen's applications. Asked for as the calendar's week or the waitlist
// page opens, and again on refresh(). A failure leaves the screen as it was, without them.
import type { ApiClient, ApiError, LotteryView, WaitlistView } from '@city/api-client';
import { isApiError } from '@city/api-client';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../store/hooks.js';

type CalendarCall<T> = (api: ApiClient, query: { calendarId?: string }) => Promise<{ data: T } | ApiError>;

/** What was answered (undefined until then, or after a failure), whether it has answered or failed, and a way to ask again. */
export interface CalendarView<T> {
  view: T | undefined;
  settled: boolean;
  refresh: () => void;
}

/** `skip`: not asked for (a week only to look at, which draws nothing of the citizen's). */
function useCalendarView<T>(call: CalendarCall<T>, calendarId: string | undefined, skip = false): CalendarView<T> {
  const { api } = useServices();
  const [view, setView] = useState<T | undefined>(undefined);
  const [asked, setAsked] = useState(0);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (skip) return undefined;
    let current = true;
    // Asked for inside a promise: a client without the call (a test's) leaves the screen as it was.
    void Promise.resolve()
      .then(() => call(api, calendarId === undefined ? {} : { calendarId }))
      .then(
        (result) => {
          if (!current) return;
          if (!isApiError(result)) setView(result.data);
          setSettled(true);
        },
        () => {
          if (current) setSettled(true);
        },
      );
    return () => {
      current = false;
    };
  }, [api, call, calendarId, asked, skip]);
  const refresh = useCallback(() => {
    setAsked((count) => count + 1);
  }, []);
  return { view, settled, refresh };
}

// Module-level calls: the same function on every render, so the effect asks once per calendar.
const getWaitlist: CalendarCall<WaitlistView> = (api, query) => api.getWaitlist(query);
const getLottery: CalendarCall<LotteryView> = (api, query) => api.getLottery(query);

export const useWaitlist = (calendarId: string | undefined, skip = false) => useCalendarView(getWaitlist, calendarId, skip);

export const useLottery = (calendarId: string | undefined, skip = false) => useCalendarView(getLottery, calendarId, skip);
