export type { ApiClient, ApiClientOptions, CallOptions, PutReservationOptions, PutTemporaryReservationOptions, Result } from './client.js';
export { createApiClient } from './client.js';
export { ApiError, errorFromResponse, isApiError } from './errors.js';
export type { Clock, RetryPolicy } from './retry.js';
export { DEFAULT_RETRY_POLICY } from './retry.js';
export type { IntegrationSettings, SettingsStorage } from './settings.js';
export { INTEGRATION_SETTING_KEYS, readIntegrationSettings } from './settings.js';
export {
  API_PREFIX,
  BOOKING_ERROR_CODES,
  CALENDAR_RANGE_MAX_DAYS,
  FILE_UPLOAD_LIMITS,
  MEMBER_ERROR_CODES,
  PAYMENT_ERROR_CODES,
  PAYMENT_NOTIFICATIONS_PATH,
  routes,
} from './routes.js';
export type { EndpointName } from './routes.js';
export type {
  DataResponse,
  Endpoints,
  ErrorBody,
  FilterSurveyResultsBody,
  BookingLimit,
  BookingLimitsQuery,
  CalendarSlotsQuery,
  LoginCodeQuery,
  LoginSession,
  MemberCard,
  MemberCardQuery,
  OrderKeyBody,
  OrderQuery,
  OrdersQuery,
  OrderStatus,
  OrderView,
  OwnRecordsResponse,
  PaymentReturn,
  ReceiptIssuer,
  RecordKeyBody,
  RecordChangeResult,
  RecordSummary,
  ReservationResult,
  SurveyResultsByUserFailure,
  SurveyResultsByUserResponse,
  TemporaryReservation,
  TemporaryReservationQuery,
  UploadFileQuery,
  WithdrawMembershipBody,
  DraftQuery,
  DraftView,
  SaveDraftBody,
  JoinWaitlistBody,
  LeaveWaitlistBody,
  WaitlistPlace,
  WaitlistQuery,
  WaitlistView,
  ApplyLotteryBody,
  SlotAskedFor,
  LotteryApplication,
  LotteryQuery,
  LotteryState,
  LotteryView,
  WithdrawLotteryBody,
} from './contract/types.js';
export type { RuntimeConfig } from './runtime-config.js';
export {
  DEV_STAND_INS_PATH,
  LINE_STAND_IN_PATH,
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_PLACEHOLDER,
  SANDBOX_PAYMENT_PATH,
} from './runtime-config.js';
