// Every route of the citizen app (spec section 2), defined once; and `/claim/{id}`, which the
// spec's table does not have (issue 14 asks for it: see the app README, "How it behaves").

/** `/base/{id}`, with `?next=` when the citizen is to be brought back somewhere afterwards. */
const withNext = (base: string) => (surveyId: string, next?: string) =>
  `${base}/${encodeURIComponent(surveyId)}${next === undefined ? '' : `?${new URLSearchParams({ next }).toString()}`}`;

/** `/base`, or `/base/{id}` for one survey: the screens whose id is optional. */
const withOptionalId = (base: string) => (surveyId?: string) => (surveyId === undefined ? base : `${base}/${encodeURIComponent(surveyId)}`);

export const paths = {
  login: { pattern: '/login', to: () => '/login' },
  loginSurvey: { pattern: '/login/survey/:id', to: (surveyId: string) => `/login/survey/${encodeURIComponent(surveyId)}` },
  survey: { pattern: '/survey/:id', to: (surveyId: string) => `/survey/${encodeURIComponent(surveyId)}` },
  /** The calendar: picking the category (place) to book in, level by level. */
  calendar: { pattern: '/calendar', to: () => '/calendar' },
  /** One calendar's slots, a week at a time. */
  calendarSlots: { pattern: '/calendar/:id', to: (calendarId: string) => `/calendar/${encodeURIComponent(calendarId)}` },
  /** Confirm (`/confirm`, the survey in hand) and survey confirm (`/confirm/{id}`). */
  confirm: { pattern: '/confirm/:id?', to: withOptionalId('/confirm') },
  confirmSearchForm: { pattern: '/confirmSearchForm', to: () => '/confirmSearchForm' },
  /** Every searchable survey's records (`/confirmList`), or one survey's (`/confirmList/{id}`). */
  confirmList: { pattern: '/confirmList/:id?', to: withOptionalId('/confirmList') },
  confirmDetails: { pattern: '/confirmDetails', to: () => '/confirmDetails' },
  /** The citizen's キャンセル待ち (not in the spec): their places in full slots' queues, and offers. */
  waitlist: { pattern: '/waitlist', to: () => '/waitlist' },
  /** Cancel confirmation (`/cancelConfirm`) and survey cancel confirmation (`/cancelConfirm/{id}`). */
  cancelConfirm: { pattern: '/cancelConfirm/:id?', to: withOptionalId('/cancelConfirm') },
  /**
   * The receipt: of the submission just sent (`/receipt`, from the store), or of a paid order
   * (`/receipt?order={id}`, asked for from the server, so it also works after a full page load).
   */
  receipt: { pattern: '/receipt', to: (orderId?: string) => (orderId === undefined ? '/receipt' : `/receipt?${new URLSearchParams({ order: orderId }).toString()}`) },
  /** Where the payment provider returns after a payment (never proof of it: the order is asked for). */
  completedPayment: { pattern: '/completedPayment/:id', to: (orderId: string) => `/completedPayment/${encodeURIComponent(orderId)}` },
  /** Where the provider returns when the citizen cancelled on its page. */
  canceledPayment: { pattern: '/canceledPayment', to: (orderId: string) => `/canceledPayment?${new URLSearchParams({ order: orderId }).toString()}` },
  /** Where the provider returns when the payment could not be completed. */
  errorPayment: { pattern: '/errorPayment', to: (orderId: string) => `/errorPayment?${new URLSearchParams({ order: orderId }).toString()}` },
  /** Logs in and lands on the member registration (spec section 2). */
  loginMember: { pattern: '/login/member/:id', to: (surveyId: string) => `/login/member/${encodeURIComponent(surveyId)}` },
  /**
   * Member registration (a new one, or a change of the citizen's own). `next`: where a members-only
   * survey sent the citizen from, offered again once they are registered.
   */
  member: { pattern: '/member/:id', to: withNext('/member') },
  memberConfirm: { pattern: '/member-confirm/:id', to: withNext('/member-confirm') },
  /** The citizen's registration: member number, card, change and withdrawal. */
  memberConfirmList: { pattern: '/member-confirmList/:id', to: withNext('/member-confirmList') },
  /** Finding a record staff imported (a paper card, a course application) by its look-up items, and claiming it. */
  claim: { pattern: '/claim/:id', to: withNext('/claim') },
  notFound: { pattern: '*' },
} as const;

/** Where a citizen lands after logging in with nowhere to return to: the surveys they can open. */
export const HOME_PATH = paths.confirmSearchForm.to();

/** The `next` of a member screen's address, when it is one of ours (see isSafeReturnPath). */
export function nextPathOf(search: URLSearchParams): string | undefined {
  const next = search.get('next');
  return isSafeReturnPath(next) ? next : undefined;
}

/** The survey form path a pathname belongs to, if any (`/survey/x` → true). */
export const isSurveyFormPath = (pathname: string) => /^\/survey\/[^/]+$/.test(pathname);

/**
 * Where browser back from the survey form is blocked (spec section 2): the survey confirmation
 * list and the survey confirm screen.
 */
export const isBackBlockedTarget = (pathname: string) => /^\/(?:confirmList|confirm)\/[^/]+$/.test(pathname);

/**
 * A path the app may return to after logging in (or after registering): one of ours (starts with a
 * single slash), never the login screen itself, so a stored value or a `next` in a shared link cannot
 * send the citizen to another site or loop. Backslashes and control characters are refused anywhere:
 * browsers drop tabs and newlines from addresses (`/\t/evil.example` is `//evil.example`) and read
 * `\` as `/`.
 */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return false;
  return !/^\/login(?:[/?#]|$)/.test(path);
}
