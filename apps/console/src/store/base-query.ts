// The staff API over fetch: the session cookie goes along (same origin), every call that changes
// something carries the session's CSRF token, and a 401 that means the session is gone ends it
// in the store, so the console shows the sign-in screen instead of failing every action.
import type { StaffEndpointName } from '@city/api-client/staff-contract';
import { CSRF_HEADER, staffEndpoints } from '@city/api-client/staff-contract';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { messages } from '../messages.js';
import type { SessionRoot } from './session-slice.js';
import { callAnswered, sessionEnded } from './session-slice.js';

/** One call: which endpoint of the contract, with its path parameters, query and body. */
export interface StaffCall {
  endpoint: StaffEndpointName;
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** A refused or failed call: the server's error body, or `network` when no answer came. */
export interface StaffCallError {
  status: number | 'network';
  code: string;
  /** Japanese, for the screen. */
  message: string;
  fields?: Record<string, string>;
  /** What was wrong, where (`3行目 2列目`, an item's key), in Japanese (400 invalid_…, 409 file_refused). */
  problems?: { at: string; message: string }[];
  /** What stands in the way of a refused change (409): each thing's id and how staff name it. */
  blockers?: { id: string; label: string }[];
}

/** The address of a call: the contract's path with its `:params` filled in, then the query. */
export function urlOf(call: StaffCall): string {
  const path = staffEndpoints[call.endpoint].path.replace(/:([A-Za-z]+)/g, (_whole, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${call.endpoint} needs the path parameter ${name}.`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined && value !== '') query.set(name, String(value));
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}

async function errorOf(response: Response): Promise<StaffCallError> {
  try {
    const body = (await response.json()) as Partial<StaffCallError>;
    if (typeof body.code === 'string' && typeof body.message === 'string') {
      return {
        status: response.status,
        code: body.code,
        message: body.message,
        ...(body.fields === undefined ? {} : { fields: body.fields }),
        ...(Array.isArray(body.problems) ? { problems: body.problems } : {}),
        ...(Array.isArray(body.blockers) ? { blockers: body.blockers } : {}),
      };
    }
  } catch {
    // Not our JSON (a proxy's page): described below.
  }
  return { status: response.status, code: 'unexpected', message: messages.unexpectedError };
}

/** The base query of the staff API (see the module comment). */
export const staffBaseQuery: BaseQueryFn<StaffCall, unknown, StaffCallError> = async (call, { getState, dispatch, signal }) => {
  const { method } = staffEndpoints[call.endpoint];
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const csrfToken = (getState() as SessionRoot).session.session?.csrfToken;
    if (csrfToken !== undefined) headers[CSRF_HEADER] = csrfToken;
  }
  let response: Response;
  try {
    response = await fetch(urlOf(call), {
      method,
      credentials: 'same-origin',
      headers,
      signal,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });
  } catch {
    return { error: { status: 'network', code: 'network', message: messages.networkError } };
  }
  if (response.ok) {
    dispatch(callAnswered(Date.now()));
    return { data: await response.json() };
  }
  const error = await errorOf(response);
  // Only these two mean the session is gone; a wrong password or code is a 401 too, but the
  // sign-in in progress goes on.
  if (response.status === 401 && error.code === 'session_expired') dispatch(sessionEnded('expired'));
  if (response.status === 401 && error.code === 'staff_login_required') dispatch(sessionEnded('required'));
  return { error };
};
