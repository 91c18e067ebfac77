export type { DemoSurvey } from './surveys.js';
export { CITIZEN_QUESTIONNAIRE, DEMO_SURVEYS, EVENT_APPLICATION } from './surveys.js';
export type { DemoImportedRecord } from './imported-records.js';
export { DEMO_IMPORTED_RECORDS } from './imported-records.js';
