export type {
  AnswerValue,
  Answers,
  BirthdayItem,
  CalendarCategory,
  CalendarCategoryTreeBranch,
  CalendarCategoryTreeLeaf,
  CalendarCategoryTreeRoot,
  CalendarDisplaySettings,
  CheckboxesItem,
  CheckStatus,
  DateItem,
  DropdownItem,
  FileRef,
  FilesItem,
  GuideItem,
  ItemType,
  Order,
  OrderLine,
  Product,
  RadioItem,
  ReservationItem,
  SelectProductsItem,
  SubmissionPayload,
  SurveyConfig,
  SurveyResultGroup,
  SurveyResultGroupItem,
  SurveyResultRow,
  SurveySchemaItem,
  TextareaItem,
  TextFormat,
  TextItem,
} from './types.js';
export { CHECK_STATUSES, DEFAULT_CHECK_STATUS, ITEM_TYPES, TEXT_FORMATS } from './types.js';
export type { BuildSubmissionPayloadInput, BuildSurveyResultRowsInput } from './rows.js';
export { buildSubmissionPayload, buildSurveyResultRows } from './rows.js';
export { groupSurveyResults } from './group.js';
export type { ValidateAnswersOptions } from './validate.js';
export { countCharacters, validateAnswers } from './validate.js';
export type { PartitionKeyParts } from './keys.js';
export { buildPartitionKey, buildUserSearchKey, isCitizenPartitionKey, KEY_SEPARATOR, parsePartitionKey } from './keys.js';
export { CANCELLED_CHECK_STATUS, CLOSED_CHECK_STATUSES, isClosedCheckStatus } from './status.js';
export { todayInJapan } from './japan-time.js';
export { citizenRows, citizenView, isStaffOnlyItem } from './citizen-view.js';
export { validationMessages } from './messages.js';
export { answersFromRows, normalizeAnswers } from './answers.js';
