export type {
  AnswerValue,
  Answers,
  BirthdayItem,
  BookingDeadline,
  CalendarCategory,
  CalendarCategoryTreeBranch,
  CalendarCategoryTreeLeaf,
  CalendarCategoryTreeRoot,
  CalendarDisplaySettings,
  CalendarRules,
  CalendarSlot,
  CalendarSlots,
  CheckboxesItem,
  CheckStatus,
  DateItem,
  DropdownItem,
  FileRef,
  FilesItem,
  GuideItem,
  ItemType,
  MembershipSettings,
  Order,
  OrderLine,
  Product,
  RadioItem,
  ReservationItem,
  SelectProductsItem,
  SlotStatus,
  SubmissionPayload,
  SurveyConfig,
  SurveyResultGroup,
  SurveyResultGroupItem,
  SurveyResultRow,
  SurveySchemaItem,
  TextareaItem,
  ProfileField,
  TextFormat,
  TextItem,
} from './types.js';
export { CHECK_STATUSES, DEFAULT_CHECK_STATUS, ITEM_TYPES, PROFILE_FIELDS, TEXT_FORMATS } from './types.js';
export type { BuildSubmissionPayloadInput, BuildSurveyResultRowsInput } from './rows.js';
export { buildSubmissionPayload, buildSurveyResultRows, orderFromAnswers } from './rows.js';
export { groupSurveyResults } from './group.js';
export type { ValidateAnswersOptions } from './validate.js';
export { countCharacters, validateAnswers } from './validate.js';
export type { PartitionKeyParts } from './keys.js';
export { buildPartitionKey, buildUserSearchKey, isCitizenPartitionKey, KEY_SEPARATOR, parsePartitionKey } from './keys.js';
export { CANCELLED_CHECK_STATUS, CLOSED_CHECK_STATUSES, isClosedCheckStatus } from './status.js';
export { addDaysToDate, dayOfWeek, isCalendarDate, isTimeOfDay, japaneseWeekday, japanTimeToEpochMs, todayInJapan } from './japan-time.js';
export type { BookingWindowState, SlotMark, SlotRef } from './reservation.js';
export {
  bookingWindowState,
  canChangeBooking,
  deadlineBefore,
  DEFAULT_RESERVATION_COST,
  formatReservationValue,
  parseReservationValue,
  RESERVATION_VALUE_SEPARATOR,
  reservationCost,
  SLOT_MARK_SYMBOLS,
  slotMark,
} from './reservation.js';
export { citizenRows, citizenView, isStaffOnlyItem } from './citizen-view.js';
export type { PricedOrder, PricedOrderLine, PriceOrderResult } from './order.js';
export { DEFAULT_MAX_QUANTITY, maxQuantity, priceOrder } from './order.js';
export { memberNumberMessages, orderMessages, surveyConfigMessages, validationMessages } from './messages.js';
export type { SurveyConfigProblem } from './survey-config-problems.js';
export { surveyConfigProblems } from './survey-config-problems.js';
export type { MemberNumberFormat, ReadMemberNumberResult } from './member-number.js';
export { formatMemberNumber, luhnCheckDigit, readMemberNumber } from './member-number.js';
export { registrationForm } from './membership.js';
export { answersFromRows, normalizeAnswers } from './answers.js';
