// The server's side of the first screen (issue 31): apps/server imports this module from the build
// (dist/.vite/ssr/entry-server.js) and renders, for a path the app lets it (first-screen.ts), the
// same tree the app hydrates: the providers, the root layout and the screen, with no session, and
// the state it rendered with, which the app hydrates with. Nothing here reads a citizen's data.
import type { RuntimeConfig } from '@city/api-client';
import type { CalendarCategory, CalendarSlots, SurveyConfig } from '@city/survey-core';
import { createApiClient, readIntegrationSettings } from '@city/api-client';
import { todayInJapan } from '@city/survey-core';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { isServerRendered, serverStateElement } from './app/first-screen.js';
import { makeStore } from './app/make-store.js';
import { AppProviders } from './app/providers.js';
import { appRoutes } from './app/router.js';
import { paths } from './config/paths.js';
import { weekRange } from './lib/bookings.js';
import { memoryStorage } from './lib/memory-storage.js';
import * as apiSliceModule from './store/api-slice.js';
import { weekAnchored } from './store/calendar-slice.js';
import { attachDataLayer } from './store/data-layer.js';
import type { AppStore } from './store/root-reducer.js';
import type { ServerState } from './store/server-state.js';
import type { AppServices } from './store/services.js';
import { awaitingSessionState } from './store/session-slice.js';
import { surveyOpened } from './store/survey-slice.js';

/** What goes into the page: the screen (inside `#root`) and the state it was rendered with (after it). */
export interface FirstScreen {
  html: string;
  state: string;
}

/** What the first screen shows of the server's data, read by the server itself (not through its API). */
export interface FirstScreenData {
  /** A survey as citizens see it (getSurveyConfig's answer, the same for everyone); undefined for none. */
  surveyConfig(surveyId: string): Promise<SurveyConfig | undefined>;
  /**
   * A calendar's slots from `from` to `to` as citizens see them (getCalendarSlots's answer) and the
   * calendar categories (the places, getCalendarCategories's); undefined for no such calendar.
   */
  calendarWeek(query: { calendarId: string; from: string; to: string }): Promise<{ slots: CalendarSlots; categories: CalendarCategory[] } | undefined>;
}

/** A route parameter decoded as the app's router decodes the address (an id may hold any character). */
function decodedParam(value: string | undefined): string | undefined {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return undefined;
  }
}

/**
 * Prepares the store for the screen at `pathname` as the screen's own first render would find it
 * on the client. False when the screen is the app's to render: a survey or a calendar that does
 * not exist (the app says so), or a survey for members, whose form depends on who the citizen is.
 */
async function prepareScreen(store: AppStore, pathname: string, data: FirstScreenData, now: number): Promise<boolean> {
  const survey = matchPath(paths.survey.pattern, pathname);
  if (survey !== null) return prepareSurveyForm(store, decodedParam(survey.params.id), data);
  const week = matchPath(paths.calendarSlots.pattern, pathname);
  if (week !== null) return prepareCalendarWeek(store, decodedParam(week.params.id), data, now);
  return true;
}

/** A survey form: the survey taken up and its configuration in the cache. */
async function prepareSurveyForm(store: AppStore, surveyId: string | undefined, data: FirstScreenData): Promise<boolean> {
  if (surveyId === undefined) return false;
  const config = await data.surveyConfig(surveyId);
  if (config === undefined || config.membership !== undefined || config.requiresMembership !== undefined) return false;
  attachDataLayer(store, apiSliceModule);
  store.dispatch(surveyOpened(surveyId));
  // A copy: the store freezes what it holds, and the server keeps its own for the next page.
  store.dispatch(apiSliceModule.apiSlice.util.upsertQueryEntries([{ endpointName: 'getSurveyConfig', arg: surveyId, value: structuredClone(config) }]));
  return true;
}

/**
 * A calendar's week, opened by its address (no reservation in hand: the week to look at): the
 * week from the server's today in Japan, its slots and the places in the cache under the very
 * arguments the screen asks with.
 */
async function prepareCalendarWeek(store: AppStore, calendarId: string | undefined, data: FirstScreenData, now: number): Promise<boolean> {
  if (calendarId === undefined) return false;
  let anchor = todayInJapan(now);
  let range = weekRange(anchor, 0);
  let week = await data.calendarWeek({ calendarId, ...range });
  // The slots' today is the server's clock (a test's, say), which this process's may not be: the
  // week starts there, as the app would start it after its first answer.
  if (week !== undefined && week.slots.today !== anchor) {
    anchor = week.slots.today;
    range = weekRange(anchor, 0);
    week = await data.calendarWeek({ calendarId, ...range });
  }
  if (week === undefined) return false;
  attachDataLayer(store, apiSliceModule);
  store.dispatch(weekAnchored(anchor));
  store.dispatch(
    apiSliceModule.apiSlice.util.upsertQueryEntries([
      { endpointName: 'getCalendarSlots', arg: { calendarId, ...range }, value: structuredClone(week.slots) },
      { endpointName: 'getCalendarCategories', arg: undefined, value: structuredClone(week.categories) },
    ]),
  );
  return true;
}

/**
 * The first screen of `url` (absolute: the page's address), or undefined for a path the server does
 * not render (the app renders it on the client). No call goes to the API: the screen's server data
 * comes from `data`, and the screen's own effects, which ask for the rest, run in the browser only.
 */
export async function renderFirstScreen(input: { url: string; runtime: RuntimeConfig; data: FirstScreenData }): Promise<FirstScreen | undefined> {
  const url = new URL(input.url);
  if (!isServerRendered(url.pathname)) return undefined;
  const origin = url.origin;
  const services: AppServices = {
    api: createApiClient({ baseUrl: origin, getIdToken: () => null }),
    // Session storage on the server: empty, and nothing written to it lasts past the render.
    storage: memoryStorage(),
    // What the app reads on a phone with no overrides stored (config/env.ts's readSettings).
    settings: readIntegrationSettings(null, { apiBaseUrl: origin, loginAppId: input.runtime.loginAppId, webUrl: origin }),
    runtime: input.runtime,
    navigateAway: () => undefined,
    now: () => Date.now(),
    inLiff: false,
  };
  const store = makeStore(services, { session: awaitingSessionState });
  if (!(await prepareScreen(store, url.pathname, input.data, services.now()))) return undefined;
  const handler = createStaticHandler(appRoutes(store));
  const context = await handler.query(new Request(url));
  // A redirect (or any response the routes answer with), or a route that failed (its code not
  // loaded: an error screen with a stack is no first screen): the app handles it on the client.
  if (context instanceof Response || context.errors !== null || context.statusCode !== 200) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  const rendered = store.getState();
  // Every lazy part the screen shows is waited for: the page holds the whole first screen. No part
  // is sent apart to be put in place by an inline script (the page's CSP allows none, and the
  // screen is sent whole anyway): React does so for a part over progressiveChunkSize bytes.
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders store={store} services={services}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const state: ServerState = {
    survey: rendered.survey,
    ...(rendered.calendar?.anchor == null ? {} : { calendarAnchor: rendered.calendar.anchor }),
    ...(rendered.api === undefined ? {} : { api: rendered.api }),
  };
  return { html: await new Response(prelude).text(), state: serverStateElement(state) };
}
