// Method and path of every endpoint (spec section 7). The contract adds the schemas; the client
// needs only these, so a browser bundle of the client carries no schema code.

/** Where every endpoint lives below the API base URL. */
export const API_PREFIX = '/survey/api/v1/db';

export const routes = {
  getSurveyConfig: { method: 'GET', path: `${API_PREFIX}/survey-configs/getItem` },
  getAllSearchableSurveyConfigs: { method: 'GET', path: `${API_PREFIX}/survey-configs/getAllSearchable` },
  getSurveyConfigsList: { method: 'POST', path: `${API_PREFIX}/survey-configs/getSurveyConfigsList` },
  querySurveyResults: { method: 'POST', path: `${API_PREFIX}/survey-results/query` },
  getSurveyResultsByPartitionKey: {
    method: 'GET',
    path: `${API_PREFIX}/survey-results/getBySurveyIdPartitionKeyIndex`,
  },
  getSurveyResultsByUser: { method: 'GET', path: `${API_PREFIX}/survey-results/getBySurveyIdUserIdIndex` },
  filterSurveyResults: { method: 'POST', path: `${API_PREFIX}/survey-results/filterQuery` },
  putReservation: { method: 'POST', path: `${API_PREFIX}/reservation/putItem` },
  cancelReservation: { method: 'POST', path: `${API_PREFIX}/reservation/cancelItem` },
  deleteReservation: { method: 'DELETE', path: `${API_PREFIX}/reservation/deleteItem` },
  putUserId: { method: 'POST', path: `${API_PREFIX}/reservation/putUserId` },
  // "temprary" is the spec's spelling of the path.
  putTemporaryReservation: { method: 'POST', path: `${API_PREFIX}/reservation/temprary` },
  exchangeLoginCode: { method: 'GET', path: `${API_PREFIX}/login/token` },
  getCalendarCategories: { method: 'GET', path: `${API_PREFIX}/calendars/categories` },
  getCalendarCategoriesTree: { method: 'GET', path: `${API_PREFIX}/calendars/categories_tree` },
  getCalendarDisplaySettings: { method: 'GET', path: `${API_PREFIX}/calendars/display_settings` },
  // Not in the spec (its calendar calls are not shown): a calendar's slots over a range of dates.
  getCalendarSlots: { method: 'GET', path: `${API_PREFIX}/calendars/slots` },
  // Not in the spec: how many bookings the signed-in citizen holds in each calendar with a
  // per-citizen limit, so a screen can say a limit is reached before a slot is chosen.
  getBookingLimits: { method: 'GET', path: `${API_PREFIX}/calendars/booking_limits` },
  // Not in the spec: files items need somewhere to put the files. The body is the file itself.
  uploadFile: { method: 'POST', path: `${API_PREFIX}/files` },
  // The url of an uploaded file's FileRef; only its uploader may read it.
  downloadFile: { method: 'GET', path: `${API_PREFIX}/files/:fileId` },
  // Not in the spec (its payment calls are not shown): a citizen's order, for the payment result
  // pages and the receipt; their orders, for the look-up list; giving up a payment.
  getOrder: { method: 'GET', path: `${API_PREFIX}/payments/order` },
  getOrders: { method: 'GET', path: `${API_PREFIX}/payments/orders` },
  cancelOrder: { method: 'POST', path: `${API_PREFIX}/payments/order/cancel` },
  // Not in the spec (its member calls are not shown): the signed-in citizen's member card of a
  // member survey, and withdrawing from the membership.
  getMemberCard: { method: 'GET', path: `${API_PREFIX}/members/card` },
  withdrawMembership: { method: 'POST', path: `${API_PREFIX}/members/withdraw` },
  // Not in the spec: the answers a citizen is typing into a survey's form, kept on the server as
  // they type and offered back when the form opens again (in LINE or a browser); only theirs.
  getDraft: { method: 'GET', path: `${API_PREFIX}/drafts` },
  saveDraft: { method: 'PUT', path: `${API_PREFIX}/drafts` },
  discardDraft: { method: 'DELETE', path: `${API_PREFIX}/drafts` },
  // Not in the spec: キャンセル待ち. The signed-in citizen's places in full slots' queues (and whether
  // a calendar takes them), joining one from a reservation item's answer, and leaving it.
  getWaitlist: { method: 'GET', path: `${API_PREFIX}/waitlist` },
  joinWaitlist: { method: 'POST', path: `${API_PREFIX}/waitlist/join` },
  leaveWaitlist: { method: 'POST', path: `${API_PREFIX}/waitlist/leave` },
  // Not in the spec: 抽選. A calendar's lottery and the signed-in citizen's applications, applying
  // for a slot from a reservation item's answer, and withdrawing before the deadline.
  getLottery: { method: 'GET', path: `${API_PREFIX}/lottery` },
  applyLottery: { method: 'POST', path: `${API_PREFIX}/lottery/apply` },
  withdrawLottery: { method: 'POST', path: `${API_PREFIX}/lottery/withdraw` },
} as const;

/**
 * Where payment providers send their server notifications: `${PAYMENT_NOTIFICATIONS_PATH}/{provider}`
 * (`sandbox`, `stripe`). Not a citizen call: the body is the provider's, checked by its signature.
 */
export const PAYMENT_NOTIFICATIONS_PATH = `${API_PREFIX}/payments/notifications`;

/**
 * What `uploadFile` accepts: these types (the `Content-Type` of the upload), up to 10 MiB a file,
 * named in at most 200 characters as sent, not blank once trimmed, without slashes or control
 * characters. The server refuses anything else (415 `unsupported_file_type`, 413
 * `file_too_large`, 400 `invalid_file_name`).
 */
export const FILE_UPLOAD_LIMITS = {
  contentTypes: [
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/webp',
    'image/heic',
    'image/heif',
    'application/pdf',
  ],
  maxBytes: 10 * 1024 * 1024,
  maxNameLength: 200,
} as const;

/** The name of an endpoint: the client method that calls it (`downloadFile` has none: it is a FileRef's url). */
export type EndpointName = keyof typeof routes;

/** The longest range of dates one `getCalendarSlots` call answers (six weeks). */
export const CALENDAR_RANGE_MAX_DAYS = 42;

/**
 * The codes a booking (putItem with a reservation answer, cancelItem, deleteItem) is refused with,
 * each answered with a Japanese `message` for the citizen. `slot_full` (409) means someone else
 * took the last units: show the calendar again with fresh counts.
 */
export const BOOKING_ERROR_CODES = {
  /** 409: not enough units left in the slot for this booking's cost. */
  slotFull: 'slot_full',
  /** 400: the answer names no slot of a calendar this item may book. */
  slotNotFound: 'slot_not_found',
  /** 409: the slot is on a closed day. */
  closedDay: 'closed_day',
  /** 409: booking this slot has not opened yet. */
  bookingNotOpen: 'booking_not_open',
  /** 409: booking this slot has closed. */
  bookingClosed: 'booking_closed',
  /** 409: staff stopped taking bookings in this calendar (予約停止); bookings made stay. */
  bookingStopped: 'booking_stopped',
  /** 409: the booking can no longer be changed or cancelled. */
  changeDeadlinePassed: 'change_deadline_passed',
  /** 409: the citizen holds the most bookings this calendar allows. */
  bookingLimitReached: 'booking_limit_reached',
} as const;

/** The codes a payment call is refused with, each answered with a Japanese `message`. */
export const PAYMENT_ERROR_CODES = {
  /** 400 (temprary): the submission buys nothing; send it with putItem. */
  orderRequired: 'order_required',
  /** 400 (temprary): the order names a product the survey does not sell, or a bad quantity. */
  invalidOrder: 'invalid_order',
  /** 409 (putItem, temprary, deleteItem): the record waits for its payment; settle it first. */
  orderPending: 'order_pending',
  /**
   * 409 (putItem or temprary replacing a record, deleteItem): the record is paid for. It cannot be
   * changed or deleted; cancelling it (cancelItem) frees the slot and refunds the payment.
   */
  orderPaid: 'order_paid',
  /** 409 (temprary sent again with the same Idempotency-Key): that order's payment has ended. */
  orderClosed: 'order_closed',
  /** 404 (getOrder, cancelOrder): no such order of the signed-in citizen. */
  orderNotFound: 'order_not_found',
  /** 503 (temprary): the payment provider could not be reached; nothing was held. */
  paymentUnavailable: 'payment_unavailable',
} as const;

/** The codes member calls (and submissions to members-only surveys) are refused with, each with a Japanese `message`. */
export const MEMBER_ERROR_CODES = {
  /** 403 (putItem, temprary): the survey is for members only; register with its member survey first. */
  membershipRequired: 'membership_required',
  /** 404 (getMemberCard, withdrawMembership): the signed-in citizen is not a member of this membership. */
  notMember: 'not_member',
  /**
   * 409 (putItem of a member survey, putUserId of a member record): the citizen is a member already
   * (registered, or holding a claimed card); one registration per citizen.
   */
  alreadyMember: 'already_member',
  /** 400 (filterQuery of a member survey): the member number typed cannot be one (shape or check digit). */
  invalidMemberNumber: 'invalid_member_number',
  /** 400 (temprary of a member survey): memberships are registered with putItem; paid memberships are not offered. */
  membershipNotPayable: 'membership_not_payable',
} as const;
