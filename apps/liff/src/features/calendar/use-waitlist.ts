// The citizen's waitlist places (キャンセル待ち) and whether a calendar takes a waitlist, asked
// for as the calendar's week opens. A failure leaves the week as it was without the waitlist.
import type { WaitlistView } from '@city/api-client';
import { isApiError } from '@city/api-client';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../store/hooks.js';

export function useWaitlist(calendarId: string | undefined): { view: WaitlistView | undefined; refresh: () => void } {
  const { api } = useServices();
  const [view, setView] = useState<WaitlistView | undefined>(undefined);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let current = true;
    // Asked for inside a promise: a client without the call (a test's) leaves the week as it was.
    void Promise.resolve()
      .then(() => api.getWaitlist(calendarId === undefined ? {} : { calendarId }))
      .then(
      (result) => {
        if (current && !isApiError(result)) setView(result.data);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, calendarId, asked]);
  const refresh = useCallback(() => {
    setAsked((count) => count + 1);
  }, []);
  return { view, refresh };
}
