import type { RouteObject } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { ConsoleLayout } from '../components/console-layout.js';
import { RequireSession } from '../components/require-session.js';
import type { ConsoleRouteHandle } from '../components/skip-targets.js';
import { CONSOLE_BASENAME, paths } from '../config/paths.js';
import { calendarRoutes } from './calendar-routes.js';

/** Every screen loads lazily: its code arrives when it is first opened. */
export const appRoutes: RouteObject[] = [
  {
    element: <ConsoleLayout />,
    children: [
      { path: paths.signIn.pattern, lazy: () => import('../features/sign-in/sign-in-page.js').then((module) => ({ Component: module.SignInPage })) },
      {
        element: <RequireSession />,
        children: [
          { path: paths.surveys.pattern, lazy: () => import('../features/surveys/surveys-page.js').then((module) => ({ Component: module.SurveysPage })) },
          {
            path: paths.records.pattern,
            handle: { skipToResults: true } satisfies ConsoleRouteHandle,
            lazy: () => import('../features/records/records-page.js').then((module) => ({ Component: module.RecordsPage })),
          },
          { path: paths.record.pattern, lazy: () => import('../features/record/record-page.js').then((module) => ({ Component: module.RecordPage })) },
          { path: paths.importRecords.pattern, lazy: () => import('../features/records/import-page.js').then((module) => ({ Component: module.ImportPage })) },
          { path: paths.phoneBooking.pattern, lazy: () => import('../features/phone-booking/phone-booking-page.js').then((module) => ({ Component: module.PhoneBookingPage })) },
          { path: paths.newSurvey.pattern, lazy: () => import('../features/survey-editor/survey-editor-page.js').then((module) => ({ Component: module.SurveyEditorPage })) },
          { path: paths.editSurvey.pattern, lazy: () => import('../features/survey-editor/survey-editor-page.js').then((module) => ({ Component: module.SurveyEditorPage })) },
          { path: paths.recount.pattern, lazy: () => import('../features/recount/recount-page.js').then((module) => ({ Component: module.RecountPage })) },
          { path: paths.surveyNotices.pattern, lazy: () => import('../features/notices/notices-page.js').then((module) => ({ Component: module.NoticesPage })) },
          { path: paths.notice.pattern, lazy: () => import('../features/notices/notice-page.js').then((module) => ({ Component: module.NoticePage })) },
          { path: paths.orders.pattern, lazy: () => import('../features/orders/orders-page.js').then((module) => ({ Component: module.OrdersPage })) },
          { path: paths.reconciliation.pattern, lazy: () => import('../features/orders/reconciliation-page.js').then((module) => ({ Component: module.ReconciliationPage })) },
          { path: paths.audit.pattern, lazy: () => import('../features/audit/audit-page.js').then((module) => ({ Component: module.AuditPage })) },
          { path: paths.staff.pattern, lazy: () => import('../features/staff/staff-page.js').then((module) => ({ Component: module.StaffPage })) },
          { path: paths.receiptIssuer.pattern, lazy: () => import('../features/settings/receipt-issuer-page.js').then((module) => ({ Component: module.ReceiptIssuerPage })) },
          ...calendarRoutes,
          { path: '*', lazy: () => import('../features/not-found/not-found-page.js').then((module) => ({ Component: module.NotFoundPage })) },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes, { basename: CONSOLE_BASENAME });
