import type { DemoBooking, DemoImportedRecord } from '@city/demo-data';
import {
  DEMO_ALL_IMPORTED_RECORDS,
  DEMO_CATEGORIES,
  DEMO_CATEGORY_LABELS,
  DEMO_SURVEYS,
  demoCalendars,
  demoNeighbourBookings,
  HEALTH_CHECKUP,
} from '@city/demo-data';
import type { SurveyConfig } from '@city/survey-core';
import { buildSurveyResultRows, japanTimeToEpochMs, readMemberNumber, todayInJapan } from '@city/survey-core';
import type { Storage } from './db/storage.js';
import { repositories, uncached } from './db/storage.js';
import type { Store } from './db/store.js';
import { auditRepository } from './modules/audit/repositories.js';
import { calendarImportRepository, calendarRepository, waitlistRepository } from './modules/calendars/repositories.js';
import type { WaitlistRepository } from './modules/calendars/waitlist-repository.js';
import { memberNumberRepository } from './modules/members/repositories.js';
import { recordRepository } from './modules/records/repositories.js';
import { surveyRepository } from './modules/surveys/repositories.js';
import type { CalendarImportRepository } from './modules/calendars/import/calendar-import-repository.js';
import type { MemberNumber, MemberNumberRepository } from './modules/members/member-number-repository.js';
import type { RecordRepository } from './modules/records/record-repository.js';
import { createSurveyEditorDeps } from './modules/surveys/module.js';
import type { CalendarAdminRepositories } from './modules/calendars/calendar-admin.js';
import { putSlots, saveCalendar, saveCategory, setCategoryLabels, setClosedDays } from './modules/calendars/calendar-admin.js';
import { releaseReplacedClaims, storeClaims } from './modules/calendars/bookings.js';
import type { CalendarRepository } from './modules/calendars/calendar-repository.js';
import { NO_CLOSURES } from './modules/calendars/closures.js';
import type { SurveyEditorDeps } from './modules/surveys/survey-editor.js';
import { createSurvey, setSurveyState } from './modules/surveys/survey-editor.js';
import type { SurveyRepository } from './modules/surveys/survey-repository.js';
import type { SystemActor } from './access/actor.js';

/** What seeding writes: surveys, records, and the calendars (through the import's writer). */
export type DemoSeedStore = Store<
  CalendarAdminRepositories & {
    surveys: SurveyRepository;
    records: RecordRepository;
    waitlist: WaitlistRepository;
    members: MemberNumberRepository;
  }
>;

export interface DemoSeedOptions {
  /** Today in Japan (`YYYY-MM-DD`), where the demo calendars start. Default: the real today. */
  today?: string;
  /** Seed the demo calendars too. Default true; test apps leave them out (see app.ts). */
  calendars?: boolean;
  /** The clock the surveys' versions and audit entries are stamped with. Default: the wall clock. */
  now?: () => number;
}

/**
 * Seeds the demo data outside production, safe on every start:
 * - on every start, the demo surveys the database lacks, each with the records staff "imported"
 *   into it (unclaimed; so a record claimed and deleted, or a card withdrawn, never comes back);
 * - on every start, the demo calendars of the health check-up survey for `today` (Japan time) to
 *   today+27, since they are relative to today: missing categories, calendars, and the slots of
 *   dates that have none are added (nothing existing is changed, claimed slots included), and the
 *   neighbours' bookings that make one slot few-left and one full move to this start's date.
 */
export async function seedDemoData(storage: Storage, options: DemoSeedOptions = {}): Promise<void> {
  const now = options.now ?? Date.now;
  const store: DemoSeedStore = storage.store(
    uncached(
      repositories({
        surveys: surveyRepository,
        records: recordRepository,
        calendarImport: calendarImportRepository,
        calendars: calendarRepository,
        audit: auditRepository,
        members: memberNumberRepository,
        waitlist: waitlistRepository,
      }),
    ),
  );
  await seedDemoSurveys(store, createSurveyEditorDeps(storage, now));
  if (options.calendars === false) return;
  const today = options.today ?? todayInJapan();
  await store.transaction((repositories) => seedDemoCalendars(repositories, today, now()));
}

/** The demo calendar that takes a waitlist: where the busy date has a full slot. */
const DEMO_WAITLIST_CALENDAR = 'cal-checkup-central';

/** The demo seeds as a system job: its surveys are made and published by the editor's own use-cases. */
const DEMO_SEED: SystemActor = { kind: 'system', job: 'demo-seed' };

async function seedDemoSurveys(store: DemoSeedStore, editor: SurveyEditorDeps): Promise<void> {
  // Read first: a database holding every demo survey (every start but the first after a new demo)
  // takes no write lock here.
  const missing = [];
  for (const survey of DEMO_SURVEYS) if ((await store.read.surveys.find(survey.config.surveyId)) === undefined) missing.push(survey);
  if (missing.length === 0) return;
  // A database seeded before a demo survey existed (the library card, the study room) gets it; a
  // stored survey is left as it is. Made as staff make one, through the editor (its checks, its
  // versions, its audit entries), with the look-up items the editor keeps in the configuration.
  for (const survey of missing) {
    const config = survey.lookupItemKeys.length === 0 ? survey.config : { ...survey.config, lookupItemKeys: survey.lookupItemKeys };
    await createSurvey(editor, DEMO_SEED, { config, teamIds: [], searchable: survey.searchable });
    await setSurveyState(editor, DEMO_SEED, config.surveyId, 'published');
  }
  // Imported records arrive with their survey: a record a citizen claimed and then deleted (or a
  // card they withdrew) does not come back on the next start.
  const added = new Set(missing.map((survey) => survey.config.surveyId));
  await store.transaction(async ({ surveys, records, members }) => {
    for (const imported of DEMO_ALL_IMPORTED_RECORDS) {
      if (added.has(imported.surveyId)) await seedImportedRecord({ surveys, records, members }, imported);
    }
  });
}

/**
 * A record staff "imported", unclaimed, unless its record exists (claimed or not). A paper member
 * card is also registered in member_numbers (its sequence read from its number, issued the day the
 * card was made, 00:00 Japan time, nobody's yet). Seeded only with its survey (see
 * seedDemoSurveys), so a card claimed and withdrawn stays gone, its number retired.
 */
async function seedImportedRecord(
  { surveys, records, members }: { surveys: SurveyRepository; records: RecordRepository; members: MemberNumberRepository },
  imported: DemoImportedRecord,
): Promise<void> {
  if ((await records.find(imported.partitionKey)) !== undefined) return;
  const config = (await surveys.find(imported.surveyId))?.config;
  if (config === undefined) throw new Error(`No demo survey ${imported.surveyId} for imported record ${imported.partitionKey}`);
  const { membership } = config;
  let number: MemberNumber | undefined;
  if (membership !== undefined) {
    const typed = imported.answers[membership.numberItemKey];
    const read = typeof typed === 'string' ? readMemberNumber(membership.numberFormat, typed) : undefined;
    if (read?.ok !== true) throw new Error(`Imported member record ${imported.partitionKey} has no valid member number`);
    number = {
      surveyId: config.surveyId,
      sequence: read.sequence,
      memberNumber: read.memberNumber,
      partitionKey: imported.partitionKey,
      userId: '',
      issuedAt: japanTimeToEpochMs(imported.memberSince ?? '2000-01-01', '00:00'),
      withdrawnAt: null,
    };
  }
  const rows = demoRows(config, 'pending', imported.partitionKey, imported.answers).map((row) => ({ ...row, userId: '' }));
  await records.replace({ rows, receiptNumber: imported.receiptNumber, removePartitionKeys: [], origin: 'import', surveyVersion: 1 });
  if (number !== undefined) await members.insert(number);
}

/** The rows of a demo record, under its fixed partition key. */
function demoRows(config: SurveyConfig, userId: string, partitionKey: string, answers: DemoBooking['answers']) {
  return buildSurveyResultRows({ config, userId, answers, existingResults: [{ partitionKey } as never], updateExist: true });
}

/**
 * The demo's calendars, made as staff make them: through calendar administration's use-cases, as
 * the demo seed (a system job), in the seed's transaction.
 */
async function seedDemoCalendars(repositories: CalendarAdminRepositories & { records: RecordRepository; waitlist: WaitlistRepository }, today: string, now: number): Promise<void> {
  const { calendarImport } = repositories;
  const stored = await calendarImport.categories();
  const pathOf = (category: { tag1: string; tag2?: string; tag3?: string }) => `${category.tag1}\u0000${category.tag2 ?? ''}\u0000${category.tag3 ?? ''}`;
  const storedIds = new Set(stored.map((category) => category.categoryId));
  const storedPaths = new Set(stored.map(pathOf));
  for (const category of DEMO_CATEGORIES) {
    // A category staff made or imported under the same name stays as it is.
    if (storedIds.has(category.categoryId) || storedPaths.has(pathOf(category))) continue;
    await saveCategory(repositories, DEMO_SEED, now, { categoryId: category.categoryId, tag1: category.tag1, tag2: category.tag2 ?? '', tag3: category.tag3 ?? '' });
  }
  // The demo's level names read as a citizen would say them (会場を選んでください), unless staff
  // named the levels already: only the migration's defaults are replaced.
  const labels = await calendarImport.categoryLabels();
  if (labels.tag1 === '大分類' && labels.tag2 === '中分類' && labels.tag3 === '小分類') await setCategoryLabels(repositories, DEMO_SEED, now, DEMO_CATEGORY_LABELS);

  for (const calendar of demoCalendars(today)) {
    if ((await calendarImport.findCalendar(calendar.calendarId)) === undefined) {
      const categoryExists = (await calendarImport.categories()).some((category) => category.categoryId === calendar.categoryId);
      if (!categoryExists || (await calendarImport.calendarOfCategory(calendar.categoryId)) !== undefined) continue;
      await saveCalendar(repositories, DEMO_SEED, now, { calendarId: calendar.calendarId, categoryId: calendar.categoryId, rules: calendar.rules, closures: NO_CLOSURES });
      // The check-up's busy venue takes a waitlist (キャンセル待ち), its offers held 30 minutes.
      if (calendar.calendarId === DEMO_WAITLIST_CALENDAR) await repositories.waitlist.setOfferMinutes(calendar.calendarId, 30, now);
    }
    // Only dates with no slot at all get the demo's: a date staff changed (or citizens booked) is left alone.
    const dates = [...new Set([...calendar.slots.map((slot) => slot.date), ...calendar.closedDays])];
    const datesWithSlots = new Set((await calendarImport.slotsOn(calendar.calendarId, dates)).map((slot) => slot.date));
    const slots = calendar.slots.filter((slot) => !datesWithSlots.has(slot.date));
    if (slots.length > 0) await putSlots(repositories, DEMO_SEED, now, calendar.calendarId, slots);
    const closing = calendar.closedDays.filter((date) => !datesWithSlots.has(date));
    if (closing.length > 0) await setClosedDays(repositories, DEMO_SEED, now, calendar.calendarId, { close: closing, open: [] });
  }

  for (const booking of demoNeighbourBookings(today)) await seedNeighbourBooking(repositories, booking, now);
}

/**
 * A neighbour's record and the units it claims, on this start's busy date. A record still on an
 * earlier date is replaced (its old claim freed first). When citizens already took the units,
 * the neighbour stays away: the database would refuse the claim.
 */
async function seedNeighbourBooking(
  { records, calendarImport, calendars }: { records: RecordRepository; calendarImport: CalendarImportRepository; calendars: CalendarRepository },
  booking: DemoBooking,
  now: number,
): Promise<void> {
  const { itemKey } = booking;
  const claim = await calendarImport.claimOf(booking.partitionKey, itemKey);
  if (claim !== undefined && claim.calendarId === booking.calendarId && claim.date === booking.slot.date && claim.slotId === booking.slot.slotId) return;
  const [slot] = (await calendarImport.slotsOn(booking.calendarId, [booking.slot.date])).filter((candidate) => candidate.slotId === booking.slot.slotId);
  if (slot === undefined || slot.capacity - slot.claimed < booking.units) return;
  const rows = demoRows(HEALTH_CHECKUP, booking.userId, booking.partitionKey, booking.answers);
  // The old claim is freed before its record goes (a record holding a claim cannot be deleted).
  await releaseReplacedClaims(calendars, [booking.partitionKey]);
  await records.replace({ rows, receiptNumber: booking.receiptNumber, removePartitionKeys: [booking.partitionKey], origin: 'line', surveyVersion: 1 });
  const { calendarId, slot: { date, slotId }, userId, units } = booking;
  await storeClaims(calendars, [{ partitionKey: booking.partitionKey, itemKey, calendarId, date, slotId, userId, units, createdAt: now }], now);
}
