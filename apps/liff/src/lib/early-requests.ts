// The first requests of a survey form or a receipt, sent before the app's code has arrived. On a
// phone the app's JavaScript takes a second or two to download; the form's configuration and the
// citizen's records, or a receipt's order, need only the session in storage, so a tiny script of its own (src/early.ts, loaded by
// index.html beside the app) asks for them at once, and the app's first queries take the answers
// instead of asking again, refusals included. Anything unusual (no session, another API origin, no
// answer at all) leaves the app to ask as it always does, with its own error rules.
import { INTEGRATION_SETTING_KEYS, routes } from '@city/api-client/routes';
import { SESSION_KEYS, userIdFromIdToken } from './session.js';

type EarlyKind = 'surveyConfig' | 'surveyRows' | 'order';

interface EarlyRequests {
  /** The page they were sent for: their answers are for that first screen only. */
  pathname: string;
  /** The ID token the requests were sent with. */
  idToken: string;
  /** By kind and subject (a survey's id, or an order's: keyOf). */
  responses: Map<string, Promise<Response>>;
}

let early: EarlyRequests | undefined;

const keyOf = (kind: EarlyKind, subject: string) => `${kind}\n${subject}`;

/** The survey of a survey form's address (`/survey/{id}`), else undefined. */
function surveyIdOf(pathname: string): string | undefined {
  const match = /^\/survey\/([^/]+)\/?$/.exec(pathname);
  if (match?.[1] === undefined) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/** The order of a receipt's address (`/receipt?order={id}`), else undefined. */
function orderIdOf(location: Pick<Location, 'pathname' | 'search'>): string | undefined {
  return /^\/receipt\/?$/.test(location.pathname) ? (new URLSearchParams(location.search).get('order') ?? undefined) : undefined;
}

/**
 * The attribute the server sets on `<html>` when it rendered the page's first screen, with the
 * survey's configuration in the page: `<html>` is parsed before this script can run (`#root`
 * may not be yet).
 */
export const FIRST_SCREEN_IN_PAGE_ATTRIBUTE = 'data-first-screen';

/**
 * Sends the first screen's requests when a session is stored: a survey form's configuration and
 * the citizen's records (only the records when the server rendered the form: its configuration
 * came with the page); a receipt's order, then, once it has come, the configuration and records of
 * the order's survey (the receipt shows the booking from them). Only with the API on this origin
 * (no `city.apiBaseUrl` override): the app's own client handles the rest.
 */
export function startEarlyRequests(location: Pick<Location, 'pathname' | 'search'>, sessionStorage: Storage, localStorage: Storage | null, configInPage = false): void {
  const surveyId = surveyIdOf(location.pathname);
  const orderId = orderIdOf(location);
  const idToken = sessionStorage.getItem(SESSION_KEYS.idToken);
  const userId = idToken === null ? undefined : userIdFromIdToken(idToken);
  if ((surveyId === undefined && orderId === undefined) || idToken === null || userId === undefined) return;
  if ((localStorage?.getItem(INTEGRATION_SETTING_KEYS.apiBaseUrl) ?? '').trim() !== '') return;
  const headers = { authorization: `Bearer ${idToken}` };
  const requests: EarlyRequests = { pathname: location.pathname, idToken, responses: new Map() };
  early = requests;
  const askConfig = (survey: string) => {
    requests.responses.set(keyOf('surveyConfig', survey), fetch(`${routes.getSurveyConfig.path}?${new URLSearchParams({ surveyId: survey }).toString()}`, { headers }));
  };
  const askRows = (survey: string) => {
    const body = JSON.stringify({ surveyId: survey, userId });
    requests.responses.set(keyOf('surveyRows', survey), fetch(routes.querySurveyResults.path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body }));
  };
  if (surveyId !== undefined) {
    askRows(surveyId);
    if (!configInPage) askConfig(surveyId);
  }
  if (orderId !== undefined) {
    const order = fetch(`${routes.getOrder.path}?${new URLSearchParams({ orderId }).toString()}`, { headers });
    // The app reads a copy (made before this script reads the body: callbacks run in order).
    requests.responses.set(
      keyOf('order', orderId),
      order.then((response) => response.clone()),
    );
    order
      .then((response) => (response.ok ? (response.json() as Promise<{ data?: { surveyId?: unknown } }>) : undefined))
      .then((body) => {
        const orderSurvey = body?.data?.surveyId;
        if (typeof orderSurvey !== 'string' || early !== requests) return;
        askConfig(orderSurvey);
        askRows(orderSurvey);
      })
      .catch(() => undefined);
  }
}

/**
 * The early answer of this kind for this survey (or order), once (later queries ask the API
 * themselves), as it came: a success or a refusal (a 404 for a survey that does not exist is that survey's answer, and
 * the app's own call would have met the same). Undefined when there was none, no answer came (the
 * network), or the session changed meanwhile: the caller then asks as usual, with its own rules.
 * Only while the page is still the one they were sent for (`pathname`, the address now): an answer
 * the first screen did not take (an append-mode survey's form reads no records) is stale by the
 * time another screen asks (the list, after a new answer was sent), and is dropped.
 */
export async function takeEarlyResponse(kind: EarlyKind, subject: string, idToken: string | null, pathname = window.location.pathname): Promise<Response | undefined> {
  if (early !== undefined && early.pathname !== pathname) early = undefined;
  const response = early?.responses.get(keyOf(kind, subject));
  if (response === undefined || early === undefined) return undefined;
  early.responses.delete(keyOf(kind, subject));
  if (idToken !== early.idToken) return undefined;
  try {
    return await response;
  } catch {
    return undefined;
  }
}
