import type { RouteObject } from 'react-router';
import { createBrowserRouter, matchRoutes, redirect } from 'react-router';
import { RequireSession } from '../components/require-session.js';
import { AppStarting } from '../components/screen-loading.js';
import { paths } from '../config/paths.js';
import { loadDataLayer } from '../store/data-layer.js';
import type { AppStore } from '../store/root-reducer.js';
import { selectSession } from '../store/session-slice.js';
import { RootLayout } from './root-layout.js';

/**
 * Asks for what a survey form shows as soon as it is opened: react-router runs a route's loader
 * beside its lazy code, so the calls no longer wait for the code to arrive and the screen to render,
 * and the screen's own queries pick up these requests. That is the configuration and, unless the
 * survey is known to be append-mode, the citizen's records in it (an update-mode survey continues
 * the citizen's open record), asked for afresh on each opening. Without a session the screen shows
 * the login notice instead, and the calls would only answer 401.
 */
async function prefetchSurvey(store: AppStore | null, surveyId: string | undefined): Promise<null> {
  if (store === null || surveyId === undefined || selectSession(store.getState()) === null) return null;
  const { apiSlice, selectSurveyConfigInHand } = await loadDataLayer(store);
  store.dispatch(apiSlice.util.prefetch('getSurveyConfig', surveyId, {}));
  const known = selectSurveyConfigInHand(store.getState(), surveyId);
  if (known?.isAppending?.value !== true) store.dispatch(apiSlice.util.prefetch('getRecords', surveyId, { force: true }));
  return null;
}

/**
 * A screen that reads server data: its code and the data layer (RTK Query, store/data-layer.ts)
 * arrive together, and the layer is in the store before the screen renders.
 */
function withDataLayer<Module>(store: AppStore | null, loadScreen: () => Promise<Module>): () => Promise<Module> {
  return async () => (await Promise.all([loadScreen(), loadDataLayer(store)]))[0];
}

/**
 * Every screen loads lazily (spec section 2): a route's code arrives when it is first opened. With
 * no store (preloadScreenCode), the routes only load code: no loader runs on them.
 */
export const appRoutes = (store: AppStore | null): RouteObject[] => [
  {
    element: <RootLayout />,
    // Shown while the first screen's code arrives: what index.html already shows.
    hydrateFallbackElement: <AppStarting />,
    children: [
      { path: paths.login.pattern, lazy: () => import('../features/auth/login-page.js').then((module) => ({ Component: module.LoginPage })) },
      {
        path: paths.loginSurvey.pattern,
        loader: ({ params }) => redirect(paths.survey.to(params.id ?? '')),
      },
      {
        path: paths.loginMember.pattern,
        loader: ({ params }) => redirect(paths.member.to(params.id ?? '')),
      },
      {
        element: <RequireSession />,
        children: [
          {
            id: 'survey',
            path: paths.survey.pattern,
            loader: ({ params }) => prefetchSurvey(store, params.id),
            lazy: withDataLayer(store, () => import('../features/survey/survey-page.js').then((module) => ({ Component: module.SurveyPage }))),
          },
          {
            path: paths.calendar.pattern,
            lazy: withDataLayer(store, () => import('../features/calendar/category-page.js').then((module) => ({ Component: module.CalendarCategoryPage }))),
          },
          {
            path: paths.calendarSlots.pattern,
            lazy: withDataLayer(store, () => import('../features/calendar/slots-page.js').then((module) => ({ Component: module.CalendarSlotsPage }))),
          },
          { path: paths.waitlist.pattern, lazy: withDataLayer(store, () => import('../features/calendar/waitlist-page.js').then((module) => ({ Component: module.WaitlistPage }))) },
          {
            id: 'member',
            path: paths.member.pattern,
            loader: ({ params }) => prefetchSurvey(store, params.id),
            lazy: withDataLayer(store, () => import('../features/survey/survey-page.js').then((module) => ({ Component: module.MemberPage }))),
          },
          {
            path: paths.memberConfirm.pattern,
            lazy: withDataLayer(store, () => import('../flows/submission/confirm-page.js').then((module) => ({ Component: module.MemberConfirmPage }))),
          },
          {
            path: paths.memberConfirmList.pattern,
            lazy: withDataLayer(store, () => import('../features/members/member-card-page.js').then((module) => ({ Component: module.MemberCardPage }))),
          },
          { path: paths.claim.pattern, lazy: withDataLayer(store, () => import('../features/members/claim-page.js').then((module) => ({ Component: module.ClaimPage }))) },
          { path: paths.confirm.pattern, lazy: withDataLayer(store, () => import('../flows/submission/confirm-page.js').then((module) => ({ Component: module.ConfirmPage }))) },
          {
            path: paths.confirmSearchForm.pattern,
            lazy: withDataLayer(store, () => import('../features/records/search-form-page.js').then((module) => ({ Component: module.SearchFormPage }))),
          },
          { path: paths.confirmList.pattern, lazy: withDataLayer(store, () => import('../features/records/confirm-list-page.js').then((module) => ({ Component: module.ConfirmListPage }))) },
          { path: paths.confirmDetails.pattern, lazy: withDataLayer(store, () => import('../features/records/details-page.js').then((module) => ({ Component: module.DetailsPage }))) },
          {
            path: paths.cancelConfirm.pattern,
            lazy: withDataLayer(store, () => import('../features/records/cancel-confirm-page.js').then((module) => ({ Component: module.CancelConfirmPage }))),
          },
          { path: paths.receipt.pattern, lazy: withDataLayer(store, () => import('../flows/submission/receipt-page.js').then((module) => ({ Component: module.ReceiptPage }))) },
          {
            path: paths.completedPayment.pattern,
            lazy: withDataLayer(store, () => import('../flows/submission/completed-payment-page.js').then((module) => ({ Component: module.CompletedPaymentPage }))),
          },
          {
            path: paths.canceledPayment.pattern,
            lazy: withDataLayer(store, () => import('../flows/submission/payment-ended-page.js').then((module) => ({ Component: module.CanceledPaymentPage }))),
          },
          {
            path: paths.errorPayment.pattern,
            lazy: withDataLayer(store, () => import('../flows/submission/payment-ended-page.js').then((module) => ({ Component: module.ErrorPaymentPage }))),
          },
        ],
      },
      { path: paths.notFound.pattern, lazy: () => import('../features/not-found/not-found-page.js').then((module) => ({ Component: module.NotFoundPage })) },
    ],
  },
];

/**
 * Loads the code of the screen at `pathname` into `routes` (each matching route's lazy module,
 * put in its place): a server-rendered screen is hydrated only once its code is there, or the
 * router would show its fallback instead of the screen.
 */
export async function loadScreenCode(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy === 'function') Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/**
 * Starts loading the code of the screen at `pathname` before the store exists, beside the app's
 * boot (LIFF's init inside LINE), not after it. The route objects made here are thrown away; the
 * modules, once loaded, are the browser's, and loadScreenCode on the real routes gets them at once.
 */
export function preloadScreenCode(pathname: string): Promise<void> {
  return loadScreenCode(appRoutes(null), pathname);
}

/**
 * The loader data of the routes at `pathname`, as the server's render had it: the router takes a
 * route with a loader but no data as not loaded yet, and would show its fallback instead of
 * hydrating the screen. The screen's own queries ask for what it needs once the session is known.
 */
export function loadedOnServer(routes: RouteObject[], pathname: string): Record<string, null> {
  const loaded: Record<string, null> = {};
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (route.loader === undefined) continue;
    if (route.id === undefined) throw new Error(`A route with a loader (${route.path ?? 'no path'}) needs an id to be hydrated.`);
    loaded[route.id] = null;
  }
  return loaded;
}

/** The app's router; `routes` when they were made already (their lazy modules loaded to hydrate). */
export function createAppRouter(store: AppStore, routes: RouteObject[] = appRoutes(store), options: Parameters<typeof createBrowserRouter>[1] = {}) {
  return createBrowserRouter(routes, options);
}
