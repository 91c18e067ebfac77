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
  /** 400 `invalid_survey`: every problem of the survey being saved, where (`survey` or an itemKey) and what. */
  problems?: { at: string; message: string }[];
  /** A 409 refusal of a survey change: what blocks it (items by key and title, or a setting). */
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

const isListOf = <Entry>(value: unknown, isEntry: (entry: Record<string, unknown>) => boolean): value is Entry[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'object' && entry !== null && isEntry(entry as Record<string, unknown>));

async function errorOf(response: Response): Promise<StaffCallError> {
  try {
    const body = (await response.json()) as Partial<Record<keyof StaffCallError, unknown>>;
    if (typeof body.code === 'string' && typeof body.message === 'string') {
      const { fields, problems, blockers } = body;
      return {
        status: response.status,
        code: body.code,
        message: body.message,
        ...(fields === undefined ? {} : { fields: fields as Record<string, string> }),
        ...(isListOf<{ at: string; message: string }>(problems, (entry) => typeof entry.at === 'string' && typeof entry.message === 'string') ? { problems } : {}),
        ...(isListOf<{ id: string; label: string }>(blockers, (entry) => typeof entry.id === 'string' && typeof entry.label === 'string') ? { blockers } : {}),
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
