import type { RouteObject } from 'react-router';
import { createBrowserRouter, redirect } from 'react-router';
import { Loading } from '@city/ui';
import { RequireSession } from '../components/require-session.js';
import { paths } from '../config/paths.js';
import { RootLayout } from './root-layout.js';

/** Every screen loads lazily (spec section 2): a route's code arrives when it is first opened. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Shown while the first screen's code arrives.
    hydrateFallbackElement: <Loading />,
    children: [
      { path: paths.login.pattern, lazy: () => import('../features/auth/login-page.js').then((module) => ({ Component: module.LoginPage })) },
      {
        path: paths.loginSurvey.pattern,
        loader: ({ params }) => redirect(paths.survey.to(params.id ?? '')),
      },
      {
        element: <RequireSession />,
        children: [
          { path: paths.survey.pattern, lazy: () => import('../features/survey/survey-page.js').then((module) => ({ Component: module.SurveyPage })) },
          { path: paths.confirm.pattern, lazy: () => import('../flows/submission/confirm-page.js').then((module) => ({ Component: module.ConfirmPage })) },
          {
            path: paths.confirmSearchForm.pattern,
            lazy: () => import('../features/records/search-form-page.js').then((module) => ({ Component: module.SearchFormPage })),
          },
          { path: paths.confirmList.pattern, lazy: () => import('../features/records/confirm-list-page.js').then((module) => ({ Component: module.ConfirmListPage })) },
          { path: paths.confirmDetails.pattern, lazy: () => import('../features/records/details-page.js').then((module) => ({ Component: module.DetailsPage })) },
          {
            path: paths.cancelConfirm.pattern,
            lazy: () => import('../features/records/cancel-confirm-page.js').then((module) => ({ Component: module.CancelConfirmPage })),
          },
          { path: paths.receipt.pattern, lazy: () => import('../flows/submission/receipt-page.js').then((module) => ({ Component: module.ReceiptPage })) },
        ],
      },
      { path: paths.notFound.pattern, lazy: () => import('../features/not-found/not-found-page.js').then((module) => ({ Component: module.NotFoundPage })) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
