import type { ApiError } from '@city/api-client';
import { isApiError } from '@city/api-client';
import { messages } from '../messages.js';

/** A failed call as the app handles it: what to tell the citizen, and whether the session is gone. */
export interface CallFailure {
  message: string;
  /** 401: not logged in, or the ID token expired; the app sends the citizen to log in again. */
  sessionLost: boolean;
  status: number | undefined;
  code: string;
}

/**
 * The Japanese message for a failed call. The server's 4xx messages are written for citizens (in
 * Japanese) and are shown as they are; the client's generic ones ('Network Error', 'timeout', …)
 * and 5xx answers become polite messages of our own.
 */
export function describeFailure(error: unknown): CallFailure {
  if (!isApiError(error)) {
    return { message: messages.serverError, sessionLost: false, status: undefined, code: 'ERR_UNKNOWN' };
  }
  return { message: messageFor(error), sessionLost: error.status === 401, status: error.status, code: error.code };
}

function messageFor(error: ApiError): string {
  if (error.code === 'ERR_NETWORK') return messages.networkError;
  if (error.code === 'timeout' || error.code === 'ETIMEDOUT') return messages.timeout;
  const serverMessage = error.body?.message;
  if (error.status !== undefined && error.status < 500 && typeof serverMessage === 'string' && serverMessage !== '') return serverMessage;
  return messages.serverError;
}
