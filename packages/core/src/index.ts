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
export { buildPartitionKey, KEY_SEPARATOR } from './keys.js';
export { validationMessages } from './messages.js';
export { answersFromRows, normalizeAnswers } from './answers.js';
