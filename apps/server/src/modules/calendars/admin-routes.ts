import type { CalendarFileReportSchema } from '@city/api-client/staff-contract';
import { staffEndpoints } from '@city/api-client/staff-contract';
import { addDaysToDate, isCalendarDate } from '@city/survey-core';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Static } from 'typebox';
import type { StaffActor } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import type { Store } from '../../db/store.js';
import { contractRoute } from '../../http/contract-route.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import type { CalendarAdminRepositories } from './calendar-admin.js';
import { deleteCategory, deleteSlots, generateSlots, putSlots, saveCalendar, saveCategory, setCategoryLabels, setClosedDays } from './calendar-admin.js';
import { closedByRule, publicHolidayOn } from './closures.js';
import { categoryFileText, slotFileText } from './import/export-calendar-files.js';
import type { CategoryImportReport, SlotImportReport } from './import/import-calendar-file.js';
import { importFileInTransaction, inTransactionOrDryRun } from './import/import-calendar-file.js';
import { formatProblem, ImportRefusedError, problemPlace } from './import/problems.js';
import { readImportFile } from './import/read-import-file.js';

/** A month grid with its edges: the most one slot view or export covers. */
const MAX_ADMIN_DAYS = 93;

export interface CalendarAdminDeps {
  store: Store<CalendarAdminRepositories>;
  now: () => number;
}

/** The dates from `from` to `to`, both included; 400 for an impossible or too long range. */
function datesOf(from: string, to: string): string[] {
  if (!isCalendarDate(from) || !isCalendarDate(to) || from > to) throw new HttpError(400, 'invalid_date_range', messages.invalidDateRange);
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDaysToDate(date, 1)) {
    dates.push(date);
    if (dates.length > MAX_ADMIN_DAYS) throw new HttpError(400, 'invalid_date_range', messages.calendarAdmin.rangeTooLong(MAX_ADMIN_DAYS));
  }
  return dates;
}

type FileReport = Static<typeof CalendarFileReportSchema>;

function fileReportOf(report: CategoryImportReport | SlotImportReport, applied: boolean): FileReport {
  if (report.kind === 'categories') {
    return {
      kind: 'categories',
      applied,
      categories: report.categories.map((category) => ({ categoryId: category.categoryId, path: [category.path.tag1, category.path.tag2, category.path.tag3].filter((tag) => tag !== '').join(' / '), outcome: category.outcome })),
      calendarId: null,
      calendarCreated: false,
      slots: { added: 0, changed: 0, removed: 0, unchanged: 0 },
      closedDays: { added: 0, removed: 0 },
      dates: [],
    };
  }
  return {
    kind: 'slots',
    applied,
    categories: [],
    calendarId: report.calendarId,
    calendarCreated: report.calendarCreated,
    slots: report.slots,
    closedDays: report.closedDayChanges,
    dates: report.dateChanges,
  };
}

/** Calendar administration's calls (`calendars.edit`), each change in one transaction with its audit entry. */
export function calendarAdminModule(deps: CalendarAdminDeps & { authenticateStaff: onRequestAsyncHookHandler }): FastifyPluginAsync {
  const change = <Result>(work: (repositories: CalendarAdminRepositories, now: number) => Promise<Result>) => deps.store.transaction((repositories) => work(repositories, deps.now()));
  const allowed = (staff: StaffActor) => {
    requireRole(staff, 'calendars.edit');
  };

  /** Previews or applies an uploaded file of the earlier platform. */
  const calendarFile = async (staff: StaffActor, body: { fileName: string; contentBase64: string; calendarId?: string | undefined; categoryId?: string | undefined }, dryRun: boolean) => {
    allowed(staff);
    const read = readImportFile(Buffer.from(body.contentBase64, 'base64'));
    if (read.problems !== undefined) {
      throw new HttpError(400, 'invalid_file', messages.calendarAdmin.invalidFile(read.problems.length), { problems: read.problems.map((problem) => ({ at: problemPlace(problem), message: problem.message })) });
    }
    const { file } = read;
    if (file.kind === 'surveyResults') throw new HttpError(400, 'not_a_calendar_file', messages.calendarAdmin.notACalendarFile);
    try {
      const report = await inTransactionOrDryRun(deps.store, dryRun, async (repositories) => {
        const done = await importFileInTransaction(repositories.calendarImport, file, { calendarId: body.calendarId, categoryId: body.categoryId });
        const summary = done.kind === 'slots' ? { calendarId: done.calendarId, slots: done.slots, closedDays: done.closedDayChanges } : { categories: done.categories.filter((category) => category.outcome !== 'unchanged').length };
        if (done.changed) await appendAudit(repositories.audit, staff, { action: 'calendar.import', target: done.kind === 'slots' ? `calendar:${done.calendarId}` : 'calendars', detail: { fileName: body.fileName, ...summary } }, deps.now());
        return done;
      });
      return { data: fileReportOf(report, !dryRun) };
    } catch (error) {
      if (!(error instanceof ImportRefusedError)) throw error;
      const problems = error.problems.map((problem) => ({ at: problemPlace(problem), message: problem.message }));
      throw new HttpError(409, 'file_refused', messages.calendarAdmin.fileRefused(problems.length), { problems, blockers: error.problems.map((problem, index) => ({ id: String(index + 1), label: formatProblem(problem) })) });
    }
  };

  return async (app) => {
    app.addHook('onRequest', deps.authenticateStaff);

    contractRoute(app, staffEndpoints.staffCalendarAdmin, {}, async (request) => {
      allowed(request.staff);
      const { calendarImport, calendars } = deps.store.read;
      const categories = [];
      for (const category of await calendarImport.categories()) {
        const calendarId = await calendarImport.calendarOfCategory(category.categoryId);
        const calendar = calendarId === undefined ? undefined : await calendars.findCalendar(calendarId);
        categories.push({
          categoryId: category.categoryId,
          tag1: category.tag1,
          tag2: category.tag2,
          tag3: category.tag3,
          calendar: calendar === undefined ? null : { calendarId: calendar.calendarId, rules: calendar.rules, closures: { weekdays: [...calendar.closures.weekdays], publicHolidays: calendar.closures.publicHolidays } },
        });
      }
      return { data: { labels: await calendarImport.categoryLabels(), categories } };
    });

    contractRoute(app, staffEndpoints.staffSaveCategory, {}, async (request) => ({ data: await change((repositories, now) => saveCategory(repositories, request.staff, now, request.body)) }));

    contractRoute(app, staffEndpoints.staffDeleteCategory, {}, async (request) => {
      await change((repositories, now) => deleteCategory(repositories, request.staff, now, request.params.categoryId));
      return { result: 'OK' as const };
    });

    contractRoute(app, staffEndpoints.staffSaveCategoryLabels, {}, async (request) => {
      await change((repositories, now) => setCategoryLabels(repositories, request.staff, now, request.body));
      return { result: 'OK' as const };
    });

    contractRoute(app, staffEndpoints.staffSaveCalendar, {}, async (request) => ({
      data: await change((repositories, now) => saveCalendar(repositories, request.staff, now, { calendarId: request.params.calendarId, ...request.body })),
    }));

    contractRoute(app, staffEndpoints.staffCalendarAdminSlots, {}, async (request) => {
      allowed(request.staff);
      const { calendarId } = request.params;
      const dates = datesOf(request.query.from, request.query.to);
      const { calendarImport, calendars } = deps.store.read;
      const calendar = await calendars.findCalendar(calendarId);
      if (calendar === undefined) throw new HttpError(404, 'calendar_not_found', messages.calendarNotFound);
      const explicit = new Set(await calendarImport.closedDaysOn(calendarId, dates));
      const closedDays: { date: string; reason: 'date' | 'weekday' | 'holiday'; holidayName?: string }[] = [];
      for (const date of dates) {
        const holidayName = publicHolidayOn(date);
        if (explicit.has(date)) closedDays.push({ date, reason: 'date' });
        else if (!closedByRule(calendar.closures, date)) continue;
        else if (calendar.closures.publicHolidays && holidayName !== undefined) closedDays.push({ date, reason: 'holiday', holidayName });
        else closedDays.push({ date, reason: 'weekday' });
      }
      const slots = (await calendarImport.slotsBetween(calendarId, request.query.from, request.query.to)).map(({ claimed, ...slot }) => ({ ...slot, booked: claimed }));
      return { data: { calendarId, closedDays, slots } };
    });

    contractRoute(app, staffEndpoints.staffSetClosedDays, {}, async (request) => {
      await change((repositories, now) => setClosedDays(repositories, request.staff, now, request.params.calendarId, request.body));
      return { result: 'OK' as const };
    });

    contractRoute(app, staffEndpoints.staffPutSlots, {}, async (request) => ({ data: await change((repositories, now) => putSlots(repositories, request.staff, now, request.params.calendarId, request.body.slots)) }));

    contractRoute(app, staffEndpoints.staffGenerateSlots, {}, async (request) => ({ data: await change((repositories, now) => generateSlots(repositories, request.staff, now, request.params.calendarId, request.body)) }));

    contractRoute(app, staffEndpoints.staffDeleteSlots, {}, async (request) => ({ data: await change((repositories, now) => deleteSlots(repositories, request.staff, now, request.params.calendarId, request.body.slots)) }));

    contractRoute(app, staffEndpoints.staffPreviewCalendarFile, { bodyLimit: 12 * 1024 * 1024 }, async (request) => calendarFile(request.staff, request.body, true));
    contractRoute(app, staffEndpoints.staffApplyCalendarFile, { bodyLimit: 12 * 1024 * 1024 }, async (request) => calendarFile(request.staff, request.body, false));

    contractRoute(app, staffEndpoints.staffExportSlots, {}, async (request, reply) => {
      allowed(request.staff);
      const { calendarId } = request.params;
      const dates = datesOf(request.query.from, request.query.to);
      const { calendarImport, calendars } = deps.store.read;
      if ((await calendars.findCalendar(calendarId)) === undefined) throw new HttpError(404, 'calendar_not_found', messages.calendarNotFound);
      const written = slotFileText(dates, await calendarImport.slotsBetween(calendarId, request.query.from, request.query.to), new Set(await calendarImport.closedDaysOn(calendarId, dates)));
      if ('mixedTimes' in written) throw new HttpError(409, 'slot_times_differ', messages.calendarAdmin.mixedTimes, { blockers: written.mixedTimes.map((slotId) => ({ id: slotId, label: slotId })) });
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${calendarId}-${request.query.from}-${request.query.to}.csv"`).send(written.text);
    });

    contractRoute(app, staffEndpoints.staffExportCategories, {}, async (request, reply) => {
      allowed(request.staff);
      const { calendarImport } = deps.store.read;
      const categories = [];
      for (const category of await calendarImport.categories()) categories.push({ ...category, hasCalendar: (await calendarImport.calendarOfCategory(category.categoryId)) !== undefined });
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="categories.csv"').send(categoryFileText(categories));
    });
  };
}

