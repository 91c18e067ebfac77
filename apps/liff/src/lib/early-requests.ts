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
 * Sends the survey form's two requests when the page is a survey form and a session is stored.
 * Only with the API on this origin (no `city.apiBaseUrl` override): the app's own client handles
 * the rest.
 */
export function startEarlyRequests(location: Location, sessionStorage: Storage, localStorage: Storage | null): void {
  const surveyId = surveyIdOf(location.pathname);
  const idToken = sessionStorage.getItem(SESSION_KEYS.idToken);
  const userId = idToken === null ? undefined : userIdFromIdToken(idToken);
  if (surveyId === undefined || idToken === null || userId === undefined) return;
  if ((localStorage?.getItem(INTEGRATION_SETTING_KEYS.apiBaseUrl) ?? '').trim() !== '') return;
  const headers = { authorization: `Bearer ${idToken}` };
  early = {
    surveyId,
    idToken,
    responses: new Map([
      ['surveyConfig', fetch(`${routes.getSurveyConfig.path}?${new URLSearchParams({ surveyId }).toString()}`, { headers })],
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
}

/**
 * The early answer of this kind for this survey, once (later queries ask the API themselves), as it
 * came: a success or a refusal (a 404 for a survey that does not exist is that survey's answer, and
 * the app's own call would have met the same). Undefined when there was none, no answer came (the
 * network), or the session changed meanwhile: the caller then asks as usual, with its own rules.
 */
export async function takeEarlyResponse(kind: EarlyKind, surveyId: string, idToken: string | null): Promise<Response | undefined> {
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
