import type { OrderView } from '@city/api-client';
import type { SerializedError } from '@reduxjs/toolkit';
import { useEffect, useState } from 'react';
import type { CallFailure } from '../../lib/api-errors.js';
import { apiSlice } from '../../store/api-slice.js';
import { useAppDispatch, useServices } from '../../store/hooks.js';

/**
 * The waits between asks while an order is still pending, growing: about 30 seconds in all. The
 * provider's notification usually arrives within seconds, and the server asks the provider itself
 * on each ask; after that the screen says the payment is still being confirmed.
 */
export const ORDER_POLL_DELAYS_MS = [1000, 1500, 2000, 3000, 4000, 5000, 6000, 8000] as const;

const timer = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

export interface SettledOrder {
  order?: OrderView;
  error?: CallFailure | SerializedError;
  /** Still pending after every ask: the screen offers 再読み込み. */
  gaveUp: boolean;
}

/**
 * Asks for an order until it is no longer pending (with backoff), never taking the provider's
 * return itself as proof of payment. `retry` starts asking again.
 */
export function useSettledOrder(orderId: string): SettledOrder & { retry: () => void } {
  const dispatch = useAppDispatch();
  const { wait = timer } = useServices();
  const [round, setRound] = useState(0);
  const [state, setState] = useState<SettledOrder & { round: number }>({ gaveUp: false, round: -1 });
  useEffect(() => {
    let alive = true;
    // A function, not the variable: the cleanup changes it while the loop awaits.
    const stopped = () => !alive;
    const ask = async () => {
      for (let attempt = 0; !stopped(); attempt += 1) {
        const result = await dispatch(apiSlice.endpoints.getOrder.initiate(orderId, { subscribe: false, forceRefetch: true }));
        if (stopped()) return;
        if (result.data === undefined) {
          setState({ round, gaveUp: false, ...(result.error === undefined ? {} : { error: result.error }) });
          return;
        }
        const delay = ORDER_POLL_DELAYS_MS[attempt];
        const settled = result.data.status !== 'pending';
        setState({ round, order: result.data, gaveUp: !settled && delay === undefined });
        if (settled || delay === undefined) return;
        await wait(delay);
      }
    };
    void ask();
    return () => {
      alive = false;
    };
  }, [dispatch, orderId, round, wait]);
  // A new round shows "checking" again until its first answer, not the last round's outcome.
  const current: SettledOrder = state.round === round ? state : { gaveUp: false };
  return {
    ...current,
    retry: () => {
      setRound((previous) => previous + 1);
    },
  };
}
