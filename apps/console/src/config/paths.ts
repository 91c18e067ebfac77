// Every route of the console, defined once. The router runs under the build's base, /console/.

/** Where the server serves the console (Vite's `base`, without the trailing slash). */
export const CONSOLE_BASENAME = '/console';

const survey = (surveyId: string) => `/surveys/${encodeURIComponent(surveyId)}`;

export const paths = {
  signIn: { pattern: '/sign-in', to: () => '/sign-in' },
  surveys: { pattern: '/', to: () => '/' },
  records: { pattern: '/surveys/:surveyId', to: survey },
  record: {
    pattern: '/surveys/:surveyId/records/:partitionKey',
    to: (surveyId: string, partitionKey: string) => `${survey(surveyId)}/records/${encodeURIComponent(partitionKey)}`,
  },
  // Not under /surveys/: a survey may be called `new`.
  newSurvey: { pattern: '/new-survey', to: () => '/new-survey' },
  editSurvey: { pattern: '/surveys/:surveyId/edit', to: (surveyId: string) => `${survey(surveyId)}/edit` },
  importRecords: { pattern: '/surveys/:surveyId/import', to: (surveyId: string) => `${survey(surveyId)}/import` },
  surveyNotices: { pattern: '/surveys/:surveyId/notices', to: (surveyId: string) => `${survey(surveyId)}/notices` },
  notice: { pattern: '/notices/:noticeId', to: (noticeId: number) => `/notices/${String(noticeId)}` },
  phoneBooking: { pattern: '/surveys/:surveyId/phone-booking', to: (surveyId: string) => `${survey(surveyId)}/phone-booking` },
  audit: { pattern: '/audit', to: () => '/audit' },
  staff: { pattern: '/staff', to: () => '/staff' },
  receiptIssuer: { pattern: '/settings/receipt-issuer', to: () => '/settings/receipt-issuer' },
  calendars: { pattern: '/calendars', to: () => '/calendars' },
  calendarFiles: { pattern: '/calendar-files', to: () => '/calendar-files' },
  recount: { pattern: '/recount', to: () => '/recount' },
  orders: { pattern: '/orders', to: () => '/orders' },
  reconciliation: { pattern: '/orders/reconciliation', to: () => '/orders/reconciliation' },
  calendar: { pattern: '/calendars/:calendarId', to: (calendarId: string) => `/calendars/${encodeURIComponent(calendarId)}` },
} as const;
