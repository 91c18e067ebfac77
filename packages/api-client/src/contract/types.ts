// The request and response types of every endpoint, built from @city/survey-core's entities.
// schemas.test-d.ts proves each matches its JSON schema in endpoints.ts.
import type {
  AnswerValue,
  CalendarCategory,
  CalendarCategoryTreeRoot,
  CalendarDisplaySettings,
  CalendarSlots,
  FileRef,
  PricedOrderLine,
  SubmissionPayload,
  SurveyConfig,
  SurveyResultRow,
} from '@city/survey-core';

/** Most responses wrap what they return in `data`. */
export interface DataResponse<T> {
  data: T;
}

/** The error body every endpoint answers with: `{ statusCode, error, message, code }`. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  /** Safe to show: never a stack or SQL text. */
  message: string;
  /** What went wrong, for programs: e.g. `session_expired`, `not_found`, `lookup_locked`. */
  code: string;
  /** On a 503: the request may be sent again. */
  retryable?: boolean;
  /** On `invalid_answers`: the Japanese message for each item that needs attention, by itemKey. */
  fields?: Record<string, string>;
  /** Everything wrong with what staff tried to save, where (`survey`, an item's key, …) and what, in Japanese. */
  problems?: { at: string; message: string }[];
  /** What stands in the way of a refused change (409): each thing's id and how staff would name it. */
  blockers?: { id: string; label: string }[];
}

export interface SurveyConfigQuery {
  surveyId: string;
}

export interface SurveyConfigsListBody {
  surveyIdList: string[];
}

export interface SurveyResultsQueryBody {
  surveyId: string;
  /** Must be the signed-in user. */
  userId: string;
}

export interface SurveyResultsByPartitionKeyQuery {
  surveyId: string;
  partitionKey: string;
}

export interface SurveyResultsByUserQuery {
  surveyId: string;
}

/** What a record is besides its rows, as its citizen sees it. */
export interface RecordSummary {
  partitionKey: string;
  /** 受付番号: what the citizen quotes when they call the city hall about it. */
  receiptNumber: string;
}

/**
 * The signed-in citizen's records (`query`, `getBySurveyIdPartitionKeyIndex`): their rows in `data`,
 * as the spec has them, and one summary per record in `records`.
 */
export interface OwnRecordsResponse {
  data: SurveyResultRow[];
  records: RecordSummary[];
}

/** What `getBySurveyIdUserIdIndex` answers: the caller's records of a survey. */
export interface SurveyResultsByUserResponse {
  result: 'OK';
  data: SurveyResultRow[];
}

/** What the client resolves `getSurveyResultsByUser` to when the call fails (spec section 7). */
export interface SurveyResultsByUserFailure {
  result: 'ERROR';
  errorMessage: string;
}

/** Looks up a record by the survey's lookup items (e.g. 受付番号 and 生年月日). */
export interface FilterSurveyResultsBody {
  queryParams: {
    surveyId: string;
    /** Answer values by itemKey. */
    lookup: Record<string, string>;
  };
  /** Must be the signed-in user. */
  requestingUserId: string;
}

/** Names one record of the signed-in user: cancel, delete, or claim it (putUserId). */
export interface RecordKeyBody {
  surveyId: string;
  partitionKey: string;
  /** Must be the signed-in user. */
  userId: string;
}

/** What a change to a record answers: which record. */
export interface RecordChangeResult {
  result: 'OK';
  partitionKey: string;
}

/** What a stored submission answers: the record, and its 受付番号 to show the citizen. */
export interface ReservationResult {
  result: 'OK';
  partitionKey: string;
  /** A short human-readable receipt number (受付番号), unique per record. */
  receiptNumber: string;
}

/** A record stored waiting for its payment: its slots held and its order priced by the server. */
export interface TemporaryReservation {
  /** The hold, which is the record's pending order: the payment is made for it. */
  holdId: string;
  /** When the held slots are freed unless paid for (milliseconds since the epoch). */
  expiresAt: number;
  /** What to pay: yen, tax included, computed by the server from the survey's products. */
  total: number;
  partitionKey: string;
  /** 受付番号. */
  receiptNumber: string;
  /**
   * The payment provider's page to send the citizen to. It returns them to
   * `/completedPayment/{holdId}`, `/canceledPayment?order={holdId}` or `/errorPayment?order={holdId}`
   * (through the LIFF URL when `returnTo` was `liff`).
   */
  paymentUrl: string;
}

/** Where the provider sends the citizen back: into the LINE app (the LIFF URL) or this web app. */
export type PaymentReturn = 'liff' | 'browser';

export interface TemporaryReservationQuery {
  /** Default `browser`. `liff` needs the server to know the LIFF id. */
  returnTo?: PaymentReturn;
}

/**
 * Where an order stands. `pending`: waiting for the payment (its slots held until `holdExpiresAt`);
 * `paid`: booked; `cancelled` / `failed` / `expired`: not paid, nothing booked, the slots freed;
 * `refunded`: paid after the hold lapsed and the slot was taken meanwhile, so the money went back.
 */
export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'failed' | 'expired' | 'refunded';

/** Who issues the receipt (領収書): the municipality's settings. */
export interface ReceiptIssuer {
  /** 発行者: e.g. 「○○市 保健福祉課」. */
  name: string;
  address?: string;
  phone?: string;
  /** 適格請求書発行事業者登録番号 (T + 13 digits), when the municipality has one. */
  registrationNumber?: string;
  /** 但し書き: what the money was for, e.g. 「健康診断 受診料として」. */
  proviso: string;
}

/** A citizen's order as they may see it: what was bought, for how much, and how it stands. */
export interface OrderView {
  orderId: string;
  surveyId: string;
  partitionKey: string;
  /** 受付番号 of the record the order pays for. */
  receiptNumber: string;
  status: OrderStatus;
  /** Yen, tax included, priced by the server. */
  total: number;
  lines: PricedOrderLine[];
  /** While pending: when the held slots are freed unless paid for (ms since the epoch). */
  holdExpiresAt: number;
  /** While pending: the provider's page, to continue paying. */
  paymentUrl?: string;
  /** While pending: pay before this (ms since the epoch); the provider's page closes then. */
  payBy?: number;
  /**
   * The money came in but could not be kept (the booking was cancelled, or the slot was gone when
   * the payment arrived) and the provider has not confirmed the refund yet: it is being retried.
   */
  refundPending?: boolean;
  /** How it was paid: `card`, `konbini` or `paypay` (the sandbox pays as `card`). */
  paymentMethod?: string;
  paidAt?: number;
  refundedAt?: number;
  createdAt: number;
  issuer: ReceiptIssuer;
}

export interface OrderQuery {
  orderId: string;
}

export interface OrdersQuery {
  /** Only this record's orders. Default: every order of the signed-in citizen (newest first). */
  partitionKey?: string;
}

export interface OrderKeyBody {
  orderId: string;
}

/**
 * The signed-in citizen's digital member card: what a counter needs to see and scan. Issued by
 * the server when they register (or staff imported their paper card, which they claimed).
 */
export interface MemberCard {
  /** The member survey. */
  surveyId: string;
  /** The registration's record (to change it, or withdraw). */
  partitionKey: string;
  /** The membership's name: 図書館利用カード. */
  membershipName: string;
  /** The member number, check digit included (`LIB0000422`). */
  memberNumber: string;
  /** The name on the card (the membership's name items, joined with a space). */
  name: string;
  /** The day the number was issued (`YYYY-MM-DD`, Japan time). */
  issuedOn: string;
}

export interface MemberCardQuery {
  surveyId: string;
}

/** Which membership to leave: the member survey and the registration's record. */
export interface WithdrawMembershipBody {
  surveyId: string;
  partitionKey: string;
}

/** Which survey's draft (`getDraft`, `discardDraft`). */
export interface DraftQuery {
  surveyId: string;
}

/** What the citizen has typed so far into a survey's form (`saveDraft`); empty answers discard it. */
export interface SaveDraftBody {
  surveyId: string;
  answers: Record<string, AnswerValue>;
}

/** A saved draft: its answers (only to the form's current items), when it was saved and until when it is kept (ms). */
export interface DraftView {
  answers: Record<string, AnswerValue>;
  savedAt: number;
  expiresAt: number;
}

/**
 * A place in a full slot's waitlist (キャンセル待ち). `waiting` in the queue (`ahead`: citizens
 * before them); `offered`: the slot is held for them until `offeredUntil`, booked by answering the
 * survey's reservation item with that slot; then `booked`, `expired` (not taken in time, or the
 * slot closed) or `left`.
 */
export interface WaitlistPlace extends SlotAskedFor {
  entryId: number;
  state: 'waiting' | 'offered' | 'booked' | 'expired' | 'left';
  offeredUntil?: number;
  ahead?: number;
}

/** A slot a citizen asked for (a waitlist place, a lottery application): its times, and the survey's reservation item they book it through. */
export interface SlotAskedFor {
  calendarId: string;
  date: string;
  slotId: string;
  start: string;
  end: string;
  surveyId: string;
  itemKey: string;
  units: number;
  createdAt: number;
}

/** Whose waitlist (`getWaitlist`): the citizen's places; with a calendar, whether it takes a waitlist. */
export interface WaitlistQuery {
  calendarId?: string;
}

/** The citizen's places, and whether the calendar asked about takes a waitlist (`open`). */
export interface WaitlistView {
  open: boolean;
  places: WaitlistPlace[];
}

/** A full slot to wait for: the reservation item's answer the form would send (`value`). */
export interface JoinWaitlistBody {
  surveyId: string;
  itemKey: string;
  value: string;
}

/** Which place to leave. */
export interface LeaveWaitlistBody {
  entryId: number;
}

/** A calendar's lottery (抽選): applications are taken until `applicationsCloseAt`, then drawn (`drawnAt`). */
export interface LotteryState {
  applicationsCloseAt: number;
  /** How long a winner's place is held for them to book (and pay), in hours. */
  winnerHours: number;
  drawnAt?: number;
}

/**
 * A citizen's application to a lottery: `applied` (taking part), `withdrawn`, then `won` (the slot
 * is offered to them: a waitlist place) or `lost` (queued for the slot when it was full: a waitlist
 * place too). `drawnRank`: its place in the drawn order.
 */
export interface LotteryApplication extends SlotAskedFor {
  applicationId: number;
  state: 'applied' | 'withdrawn' | 'won' | 'lost';
  drawnRank?: number;
}

/** The lottery of the calendar asked about (null: none) and the citizen's applications, newest first. */
export interface LotteryView {
  lottery: LotteryState | null;
  applications: LotteryApplication[];
}

/** Whose lottery (`getLottery`): with a calendar, its lottery too. */
export interface LotteryQuery {
  calendarId?: string;
}

/** A slot to apply for: the reservation item's answer the form would send (`value`). */
export type ApplyLotteryBody = JoinWaitlistBody;

/** Which application to withdraw. */
export interface WithdrawLotteryBody {
  applicationId: number;
}

/** Which calendar's slots, over which dates (`YYYY-MM-DD`, both included, at most 42 days). */
export interface CalendarSlotsQuery {
  calendarId: string;
  from: string;
  to: string;
}

/**
 * Which calendars to tell the citizen's limits of: those at or below a category (a reservation
 * item's, or one calendar's own). `partitionKey`: the citizen's record being changed, whose
 * bookings a change gives up and so does not count (as the server counts when it is sent).
 */
export interface BookingLimitsQuery {
  categoryId: string;
  partitionKey?: string;
}

/** A calendar's per-citizen limit and how much of it the signed-in citizen holds. */
export interface BookingLimit {
  calendarId: string;
  /** The bookable category the calendar hangs off (its place). */
  categoryId: string;
  /** The calendar's rule: most bookings one citizen may hold whose slots have not ended. */
  maxActiveBookingsPerUser: number;
  /** The citizen's bookings in it whose slots have not ended (unexpired holds included). */
  activeBookings: number;
}

export interface LoginCodeQuery {
  code: string;
  /** The login route on the current host, as sent to LINE's authorize endpoint. */
  redirectTo: string;
}

/** Names an uploaded file (`uploadFile`); the body is the file itself. */
export interface UploadFileQuery {
  /** The file's name as the citizen chose it: 1–200 characters, no slashes or control characters. */
  name: string;
}

/** A LINE login, exchanged from the authorization code. */
export interface LoginSession {
  session: { id_token: string; access_token: string; refresh_token: string };
  profile: { userId: string; displayName: string; pictureUrl?: string };
}

/**
 * Every endpoint's query, body and response (success) type, by client method name.
 * `never` marks a call that sends no query or no body.
 */
export interface Endpoints {
  getSurveyConfig: { query: SurveyConfigQuery; body: never; response: DataResponse<SurveyConfig> };
  getAllSearchableSurveyConfigs: { query: never; body: never; response: DataResponse<SurveyConfig[]> };
  getSurveyConfigsList: { query: never; body: SurveyConfigsListBody; response: DataResponse<SurveyConfig[]> };
  querySurveyResults: { query: never; body: SurveyResultsQueryBody; response: OwnRecordsResponse };
  getSurveyResultsByPartitionKey: {
    query: SurveyResultsByPartitionKeyQuery;
    body: never;
    response: OwnRecordsResponse;
  };
  getSurveyResultsByUser: { query: SurveyResultsByUserQuery; body: never; response: SurveyResultsByUserResponse };
  filterSurveyResults: { query: never; body: FilterSurveyResultsBody; response: DataResponse<SurveyResultRow[]> };
  putReservation: { query: never; body: SubmissionPayload; response: ReservationResult };
  cancelReservation: { query: never; body: RecordKeyBody; response: RecordChangeResult };
  deleteReservation: { query: never; body: RecordKeyBody; response: RecordChangeResult };
  putUserId: { query: never; body: RecordKeyBody; response: RecordChangeResult };
  putTemporaryReservation: { query: TemporaryReservationQuery; body: SubmissionPayload; response: DataResponse<TemporaryReservation> };
  exchangeLoginCode: { query: LoginCodeQuery; body: never; response: DataResponse<LoginSession> };
  getCalendarCategories: { query: never; body: never; response: DataResponse<CalendarCategory[]> };
  getCalendarCategoriesTree: { query: never; body: never; response: DataResponse<CalendarCategoryTreeRoot[]> };
  getCalendarDisplaySettings: { query: never; body: never; response: DataResponse<CalendarDisplaySettings> };
  getCalendarSlots: { query: CalendarSlotsQuery; body: never; response: DataResponse<CalendarSlots> };
  getBookingLimits: { query: BookingLimitsQuery; body: never; response: DataResponse<BookingLimit[]> };
  /** The body is the file's bytes, not JSON. */
  uploadFile: { query: UploadFileQuery; body: never; response: DataResponse<FileRef> };
  /** The url of an uploaded file (`/files/:fileId`); the response is the file's bytes, not JSON. */
  downloadFile: { query: never; body: never; response: never };
  /**
   * The signed-in citizen's order. While it is pending the server first asks the provider how the
   * payment stands (the return to `/completedPayment` is never proof of payment).
   */
  getOrder: { query: OrderQuery; body: never; response: DataResponse<OrderView> };
  getOrders: { query: OrdersQuery; body: never; response: DataResponse<OrderView[]> };
  /**
   * Gives up paying a pending order: the provider's session is ended and the slots freed. An order
   * already settled (paid meanwhile) is answered as it stands.
   */
  cancelOrder: { query: never; body: OrderKeyBody; response: DataResponse<OrderView> };
  /** The signed-in citizen's member card of a member survey; 404 `not_member` when they are not one. */
  getMemberCard: { query: MemberCardQuery; body: never; response: DataResponse<MemberCard> };
  /**
   * Leaves the membership: the registration (its answers) is removed and its number retired for
   * good (never issued again). Registering again later issues a new number.
   */
  withdrawMembership: { query: never; body: WithdrawMembershipBody; response: RecordChangeResult };
  /** The signed-in citizen's draft of the survey, or null (none, or expired after a week). */
  getDraft: { query: DraftQuery; body: never; response: DataResponse<DraftView | null> };
  /** Saves the citizen's draft over their earlier one; empty answers remove it. */
  saveDraft: { query: never; body: SaveDraftBody; response: DataResponse<{ savedAt: number; expiresAt: number }> };
  /** Removes the citizen's draft of the survey (none is no error). */
  discardDraft: { query: DraftQuery; body: never; response: { result: 'OK' } };
  /** The signed-in citizen's waitlist places, newest first; `open`: the calendar asked about takes a waitlist. */
  getWaitlist: { query: WaitlistQuery; body: never; response: DataResponse<WaitlistView> };
  /**
   * Joins a full slot's queue. 409 `waitlist_not_offered`, `slot_not_full` (book it instead),
   * `already_booked`, `already_waiting`, or the booking rules' refusals (closed, stopped).
   */
  joinWaitlist: { query: never; body: JoinWaitlistBody; response: DataResponse<WaitlistPlace> };
  /** Leaves a place (an offer held goes to the next citizen); 404 unless the citizen's and open. */
  leaveWaitlist: { query: never; body: LeaveWaitlistBody; response: { result: 'OK' } };
  /** The citizen's lottery applications, newest first; with a calendar, its lottery (null: none). */
  getLottery: { query: LotteryQuery; body: never; response: DataResponse<LotteryView> };
  /**
   * Applies for a slot of a lottery taking applications. 409 `lottery_not_found`, `lottery_closed`,
   * `already_applied`, `already_booked`, or the booking rules' refusals (closed, stopped).
   */
  applyLottery: { query: never; body: ApplyLotteryBody; response: DataResponse<LotteryApplication> };
  /** Withdraws an application before the deadline; 404 unless the citizen's and taking part, 409 `lottery_closed`. */
  withdrawLottery: { query: never; body: WithdrawLotteryBody; response: { result: 'OK' } };
}
