// The first requests of a survey form, sent before the app's code has arrived. On a phone the
// app's JavaScript takes a second or two to download; the form's configuration and the citizen's
// records need only the session in storage, so a tiny script of its own (src/early.ts, loaded by
// index.html beside the app) asks for them at once, and the app's first queries take the answers
// instead of asking again, refusals included. Anything unusual (no session, another API origin, no
// answer at all) leaves the app to ask as it always does, with its own error rules.
import { INTEGRATION_SETTING_KEYS, routes } from '@city/api-client/routes';
import { SESSION_KEYS, userIdFromIdToken } from './session.js';

type EarlyKind = 'surveyConfig' | 'surveyRows';

interface EarlyRequests {
  surveyId: string;
  /** The page they were sent for: their answers are for that first screen only. */
  pathname: string;
  /** The ID token the requests were sent with. */
  idToken: string;
  responses: Map<EarlyKind, Promise<Response>>;
}

let early: EarlyRequests | undefined;

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

/**
 * The attribute the server sets on `<html>` when it rendered the page's first screen, with the
 * survey's configuration in the page: `<html>` is parsed before this script can run (`#root`
 * may not be yet).
 */
export const FIRST_SCREEN_IN_PAGE_ATTRIBUTE = 'data-first-screen';

/**
 * Sends the survey form's two requests when the page is a survey form and a session is stored; only
 * the records when the server rendered the form (its configuration came with the page). Only with
 * the API on this origin (no `city.apiBaseUrl` override): the app's own client handles the rest.
 */
export function startEarlyRequests(location: Location, sessionStorage: Storage, localStorage: Storage | null, configInPage = false): void {
  const surveyId = surveyIdOf(location.pathname);
  const idToken = sessionStorage.getItem(SESSION_KEYS.idToken);
  const userId = idToken === null ? undefined : userIdFromIdToken(idToken);
  if (surveyId === undefined || idToken === null || userId === undefined) return;
  if ((localStorage?.getItem(INTEGRATION_SETTING_KEYS.apiBaseUrl) ?? '').trim() !== '') return;
  const headers = { authorization: `Bearer ${idToken}` };
  early = {
    surveyId,
    pathname: location.pathname,
    idToken,
    responses: new Map([
      [
        'surveyRows',
        fetch(routes.querySurveyResults.path, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ surveyId, userId }),
        }),
      ],
    ]),
  };
  if (!configInPage) early.responses.set('surveyConfig', fetch(`${routes.getSurveyConfig.path}?${new URLSearchParams({ surveyId }).toString()}`, { headers }));
}

/**
 * The early answer of this kind for this survey, once (later queries ask the API themselves), as it
 * came: a success or a refusal (a 404 for a survey that does not exist is that survey's answer, and
 * the app's own call would have met the same). Undefined when there was none, no answer came (the
 * network), or the session changed meanwhile: the caller then asks as usual, with its own rules.
 * Only while the page is still the one they were sent for (`pathname`, the address now): an answer
 * the first screen did not take (an append-mode survey's form reads no records) is stale by the
 * time another screen asks (the list, after a new answer was sent), and is dropped.
 */
export async function takeEarlyResponse(kind: EarlyKind, surveyId: string, idToken: string | null, pathname = window.location.pathname): Promise<Response | undefined> {
  if (early !== undefined && early.pathname !== pathname) early = undefined;
  const response = early?.surveyId === surveyId ? early.responses.get(kind) : undefined;
  if (response === undefined || early === undefined) return undefined;
  early.responses.delete(kind);
  if (idToken !== early.idToken) return undefined;
  try {
    return await response;
  } catch {
    return undefined;
  }
}
