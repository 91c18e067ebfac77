/** How `putReservation` retries (spec section 9). */
export interface RetryPolicy {
  /** Attempts in all, the first included. Default 3. */
  maxAttempts: number;
  /** Time limit over all attempts and waits, in ms; past it the call fails with code `timeout`. Default 60000. */
  overallTimeoutMs: number;
  /** Also retry when the server could not be reached. Default false. */
  retryOnNetworkError: boolean;
  /** Wait before retrying after a network error, in ms. Default 1000. */
  networkRetryDelayMs: number;
  /**
   * Wait before retrying a retryable 503 when the server sends no `Retry-After`, in ms. Default
   * 1000. (The spec names no wait for this case; a short one spares a busy server.)
   */
  serverRetryDelayMs: number;
}

/** The spec's values (section 9). */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxAttempts: 3,
  overallTimeoutMs: 60_000,
  retryOnNetworkError: false,
  networkRetryDelayMs: 1_000,
  serverRetryDelayMs: 1_000,
});

/** Time, as the client sees it. Tests pass a clock they can move by hand. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>);
  },
};

/** Waits `ms` on the clock; rejects with the signal's reason if it aborts first. */
export function sleep(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(signal.reason as Error);
    };
    const handle = clock.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A `Retry-After` header in ms: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
