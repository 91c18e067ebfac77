export type { DemoSurvey } from './surveys.js';
export { CITIZEN_QUESTIONNAIRE, DEMO_SURVEYS, EVENT_APPLICATION, HEALTH_CHECKUP, LIBRARY_CARD, LIBRARY_CARD_NUMBER_FORMAT, STUDY_ROOM } from './surveys.js';
export type { DemoImportedRecord } from './imported-records.js';
export { DEMO_ALL_IMPORTED_RECORDS, DEMO_IMPORTED_RECORDS, DEMO_PAPER_CARD } from './imported-records.js';
export type { DemoBooking, DemoCalendar, DemoSlot } from './calendars.js';
export {
  DEMO_CALENDAR_DAYS,
  DEMO_CALENDAR_RULES,
  DEMO_CATEGORIES,
  DEMO_CATEGORY_LABELS,
  DEMO_SLOT_CAPACITY,
  DEMO_SLOT_TIMES,
  demoBusyDate,
  demoCalendarDates,
  demoCalendars,
  demoNeighbourBookings,
} from './calendars.js';
