import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.js';

/** Calendar administration's screens (`calendars.edit`), each loaded when first opened. */
export const calendarRoutes: RouteObject[] = [
  { path: paths.calendars.pattern, lazy: () => import('../features/calendars/calendar-admin-page.js').then((module) => ({ Component: module.CalendarAdminPage })) },
  { path: paths.calendar.pattern, lazy: () => import('../features/calendars/calendar-page.js').then((module) => ({ Component: module.CalendarPage })) },
  { path: paths.calendarFiles.pattern, lazy: () => import('../features/calendars/calendar-files-page.js').then((module) => ({ Component: module.CalendarFilesPage })) },
];
