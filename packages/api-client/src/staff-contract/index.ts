// `@city/api-client/staff-contract`: the staff console's endpoints and schemas (see endpoints.ts).
import type { Static } from 'typebox';
import type {
  AuditEntrySchema,
  RECORD_ORIGINS,
  RecordFilterSchema,
  RecordSummarySchema,
  STAFF_ACTIONS,
  STAFF_ROLES,
  StaffSessionSchema,
  SURVEY_STATES,
  SurveyEditorViewSchema,
  SurveyProblemSchema,
} from './endpoints.js';

export {
  AuditEntrySchema,
  CSRF_HEADER,
  RECORD_ORIGINS,
  RecordFilterSchema,
  RecordSummarySchema,
  STAFF_ACTIONS,
  STAFF_API_PREFIX,
  STAFF_ROLES,
  StaffSessionSchema,
  staffEndpoints,
  SURVEY_STATES,
  SurveyEditorViewSchema,
  SurveyProblemSchema,
} from './endpoints.js';
import type { CalendarAdminSlotsSchema, CalendarAdminViewSchema, CalendarFileReportSchema, CalendarLotterySchema, CalendarLotterySettingSchema, CalendarReminderSchema, CalendarWaitlistSchema } from './calendar-admin.js';
export type { StaffEndpointName } from './endpoints.js';

export type StaffRole = (typeof STAFF_ROLES)[number];
export type StaffAction = (typeof STAFF_ACTIONS)[number];
export type RecordOrigin = (typeof RECORD_ORIGINS)[number];
export type RecordFilter = Static<typeof RecordFilterSchema>;
export type RecordSummary = Static<typeof RecordSummarySchema>;
export type StaffSession = Static<typeof StaffSessionSchema>;
export type AuditEntryView = Static<typeof AuditEntrySchema>;
export type SurveyState = (typeof SURVEY_STATES)[number];
export type SurveyEditorView = Static<typeof SurveyEditorViewSchema>;
export type SurveyProblem = Static<typeof SurveyProblemSchema>;
export { CalendarAdminSlotsSchema, CalendarAdminViewSchema, CalendarClosuresSchema, CalendarFileReportSchema, CalendarLotterySchema, CalendarLotterySettingSchema, CalendarReminderSchema, CalendarWaitlistSchema } from './calendar-admin.js';
export type CalendarReminder = Static<typeof CalendarReminderSchema>;
export type CalendarWaitlist = Static<typeof CalendarWaitlistSchema>;
export type CalendarLottery = Static<typeof CalendarLotterySchema>;
export type CalendarLotterySetting = Static<typeof CalendarLotterySettingSchema>;
export type CalendarAdminView = Static<typeof CalendarAdminViewSchema>;
export type CalendarAdminSlots = Static<typeof CalendarAdminSlotsSchema>;
export type CalendarFileReport = Static<typeof CalendarFileReportSchema>;
export { ORDER_DIFFERENCES, ORDER_STATUSES, OrderReconciliationSchema, StaffOrderSchema } from './orders.js';
export { NOTICE_MAX_LENGTH, NOTICE_MAX_SELECTED, NOTICE_RECIPIENT_STATES, NoticeRecipientSchema, NoticeReportSchema } from './notices.js';
import type { NoticeRecipientSchema, NoticeReportSchema } from './notices.js';
export type NoticeReport = Static<typeof NoticeReportSchema>;
export type NoticeRecipient = Static<typeof NoticeRecipientSchema>;
import type { OrderReconciliationSchema, StaffOrderSchema } from './orders.js';
export type StaffOrder = Static<typeof StaffOrderSchema>;
export type OrderReconciliation = Static<typeof OrderReconciliationSchema>;
export type OrderDifference = OrderReconciliation['differences'][number]['difference'];
