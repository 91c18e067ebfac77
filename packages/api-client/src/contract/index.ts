export { endpoints } from './endpoints.js';
export {
  CalendarCategorySchema,
  CalendarCategoryTreeRootSchema,
  CalendarDisplaySettingsSchema,
  CalendarRulesSchema,
  CalendarSlotsSchema,
  CheckStatusSchema,
  ErrorBodySchema,
  FileRefSchema,
  LoginSessionSchema,
  OrderSchema,
  ProductSchema,
  SubmissionPayloadSchema,
  SurveyConfigSchema,
  SurveyResultRowSchema,
  SurveySchemaItemSchema,
} from './schemas.js';
export { API_PREFIX, BOOKING_ERROR_CODES, CALENDAR_RANGE_MAX_DAYS, FILE_UPLOAD_LIMITS, routes } from '../routes.js';
export type { EndpointName } from '../routes.js';
export type {
  DataResponse,
  Endpoints,
  ErrorBody,
  FilterSurveyResultsBody,
  CalendarSlotsQuery,
  LoginCodeQuery,
  LoginSession,
  RecordKeyBody,
  RecordChangeResult,
  ReservationResult,
  SurveyConfigQuery,
  SurveyConfigsListBody,
  SurveyResultsByPartitionKeyQuery,
  SurveyResultsByUserFailure,
  SurveyResultsByUserQuery,
  SurveyResultsByUserResponse,
  SurveyResultsQueryBody,
  TemporaryReservation,
  UploadFileQuery,
} from './types.js';
export type { RuntimeConfig } from '../runtime-config.js';
export { DEV_STAND_INS_PATH, LINE_STAND_IN_PATH, RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_PLACEHOLDER } from '../runtime-config.js';
