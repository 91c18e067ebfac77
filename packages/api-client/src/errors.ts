import type { ErrorBody } from './contract/types.js';

const API_ERROR = Symbol.for('@city/api-client/ApiError');

/**
 * Why a call failed: the HTTP status (absent when no response came), the server's JSON error body,
 * and a `code` for programs. Codes: the server's own (`session_expired`, `not_found`, …) for HTTP
 * errors that carry one, else `ERR_BAD_REQUEST` (4xx) / `ERR_BAD_RESPONSE` (5xx or unreadable);
 * `ERR_NETWORK` ('Network Error'), `ECONNABORTED` ('Request aborted'), `ETIMEDOUT`
 * ('timeout of Nms exceeded'), and `timeout` when retries ran past the overall time limit.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status of the response; `undefined` when none arrived. */
  readonly status: number | undefined;
  readonly code: string;
  /** The server's JSON error body, when it sent one (normally an {@link ErrorBody}). */
  readonly body: Partial<ErrorBody> | undefined;
  // A brand instead of `instanceof` alone: the ESM and CommonJS builds each have their own class.
  readonly [API_ERROR] = true;

  constructor(
    message: string,
    details: { code: string; status?: number | undefined; body?: Partial<ErrorBody> | undefined; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code;
    this.status = details.status;
    this.body = details.body;
  }
}

/**
 * True when a call's result is an {@link ApiError} rather than data.
 *
 * @example
 * ```ts
 * const result = await api.getSurveyConfig('clinic');
 * if (isApiError(result)) showError(result.message);
 * else render(result.data);
 * ```
 */
export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError ||
    (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[API_ERROR] === true)
  );
}

export const networkError = (cause: unknown) => new ApiError('Network Error', { code: 'ERR_NETWORK', cause });
export const abortedError = (cause: unknown) => new ApiError('Request aborted', { code: 'ECONNABORTED', cause });
export const requestTimeoutError = (ms: number, cause?: unknown) =>
  new ApiError(`timeout of ${ms}ms exceeded`, { code: 'ETIMEDOUT', cause });
/** Retries ran past the overall time limit (spec section 8: "timeout, code 'timeout'"). */
export const overallTimeoutError = () => new ApiError('timeout', { code: 'timeout' });

/**
 * The ApiError for a response that is not 2xx, with the server's body when it is JSON: what a call
 * answers for it. For a response fetched outside the client (a request sent before the app's code
 * has loaded, say) that should read exactly as the client's own would.
 *
 * @example
 * ```ts
 * const response = await fetch(`/survey/api/v1/db/survey-configs/getItem?surveyId=${id}`, { headers });
 * const result = response.ok ? ((await response.json()) as DataResponse<SurveyConfig>) : await errorFromResponse(response);
 * if (isApiError(result)) showError(result.message);
 * ```
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  // Any JSON object counts as the body, so `retryable` is honoured even without a `code`.
  const body =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Partial<ErrorBody>)
      : undefined;
  const message = typeof body?.message === 'string' ? body.message : undefined;
  const code = typeof body?.code === 'string' ? body.code : undefined;
  return new ApiError(message ?? `Request failed with status code ${response.status}`, {
    status: response.status,
    code: code ?? (response.status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_BAD_RESPONSE'),
    body,
  });
}
