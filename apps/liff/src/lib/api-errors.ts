import type { ApiError } from '@city/api-client';
import { isApiError } from '@city/api-client';
import type { SerializedError } from '@reduxjs/toolkit';
import { messages } from '../messages.js';

/** A failed call as the app handles it: what to tell the citizen, and whether the session is gone. */
export interface CallFailure {
  message: string;
  /** 401: not logged in, or the ID token expired; the app sends the citizen to log in again. */
  sessionLost: boolean;
  status: number | undefined;
  code: string;
  /** The server's message for each item that needs attention, by itemKey (invalid answers, a full slot). */
  fields?: Record<string, string>;
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
  const fields = error.body?.fields;
  return { message: messageFor(error), sessionLost: error.status === 401, status: error.status, code: error.code, ...(fields === undefined ? {} : { fields }) };
}

/** Whether a rejection is a failed call ({@link CallFailure}) rather than an error thrown by code. */
export function isCallFailure(error: unknown): error is CallFailure {
  return typeof error === 'object' && error !== null && typeof (error as Partial<CallFailure>).sessionLost === 'boolean' && typeof (error as Partial<CallFailure>).message === 'string';
}

/**
 * What a screen shows for a rejected call: nothing when the session was lost (the login notice
 * says it all), the failure's message, or, for a thunk or query that threw rather than failing a
 * call (a SerializedError, or nothing), the general one.
 */
export function messageForScreen(failure: CallFailure | SerializedError | undefined): string | null {
  if (!isCallFailure(failure)) return messages.serverError;
  return failure.sessionLost ? null : failure.message;
}

function messageFor(error: ApiError): string {
  if (error.code === 'ERR_NETWORK') return messages.networkError;
  if (error.code === 'timeout' || error.code === 'ETIMEDOUT') return messages.timeout;
  // Only our server's own JSON errors (with a code) carry a message written for citizens; a proxy's
  // or a framework's 4xx (「Forbidden」, an HTML page) does not.
  const body = error.body;
  if (error.status !== undefined && error.status < 500 && typeof body?.code === 'string' && typeof body.message === 'string' && /[\u3040-\u30ff\u4e00-\u9fff]/.test(body.message)) {
    return body.message;
  }
  if (error.status === 404) return messages.notFoundOnServer;
  if (error.status === 429) return messages.tooManyRequests;
  return error.status !== undefined && error.status < 500 ? messages.requestRefused : messages.serverError;
}
