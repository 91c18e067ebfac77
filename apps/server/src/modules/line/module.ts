// The LINE messages module, wired: what citizens are sent after their actions in the mini-app
// (service messages), the day-before reminders, and the scheduler that delivers line_messages in
// this server process (every instance runs one; the job table keeps them from sending twice).
import { addDaysToDate, todayInJapan } from '@city/survey-core';
import type { Storage } from '../../db/storage.js';
import { repositories } from '../../db/storage.js';
import { calendarRepository } from '../calendars/repositories.js';
import type { CalendarRepository } from '../calendars/calendar-repository.js';
import type { CitizenAction } from '../records/records.js';
import type { RecordRepository } from '../records/record-repository.js';
import { recordRepository } from '../records/repositories.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import { surveyRepository } from '../surveys/repositories.js';
import type { BookingFacts, ServiceTemplateKind } from './citizen-messages.js';
import { bookingParams, receiptParams } from './citizen-messages.js';
import { createDelivery } from './delivery.js';
import type { LineApi } from './line-api.js';
import type { LineMessageRepository, NewLineMessage } from './message-repository.js';
import { AWAITING_PAYMENT } from './message-repository.js';
import { reminderKey } from './message-rows.js';
import { lineMessageRepository } from './repositories.js';
import { createStaffNotices } from './staff-notices.js';
import type { CalendarReminder } from '@city/api-client/staff-contract';
import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { StaffActor } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import { contractRoute } from '../../http/contract-route.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import type { AuditRepository } from '../audit/audit-repository.js';
import { auditRepository } from '../audit/repositories.js';
import type { RecordSearchRepository } from '../records/record-search-repository.js';
import { recordSearchRepository } from '../records/repositories.js';

interface LineRepositories {
  messages: LineMessageRepository;
  surveys: SurveyRepository;
  records: RecordRepository;
  calendars: CalendarRepository;
  search: RecordSearchRepository;
  audit: AuditRepository;
}

const lineRepositories = repositories<LineRepositories>({
  messages: lineMessageRepository,
  surveys: surveyRepository,
  records: recordRepository,
  calendars: calendarRepository,
  search: recordSearchRepository,
  audit: auditRepository,
});

/** How long a paid booking's confirmation waits for its payment (a konbini voucher lasts days). */
const AWAITING_PAYMENT_FOR_MS = 14 * 24 * 3600_000;

/** How often each instance looks for messages and reminders due. */
export const DELIVERY_INTERVAL_MS = 30_000;


export interface LineModuleInput {
  storage: Storage;
  api: LineApi;
  now: () => number;
  /** The service message templates' names, by kind. */
  templates: Readonly<Record<ServiceTemplateKind, string>>;
  /** Where a citizen changes or cancels their bookings of a survey (the mini-app's list). */
  bookingsLink: (surveyId: string) => string;
  /** The receipt of an order in the mini-app. */
  receiptLink: (orderId: string) => string;
  logError: (error: unknown, message: string) => void;
  /** Deliver on a timer in this process (the server); off for tests that drive it themselves. */
  schedule: boolean;
  authenticateStaff: onRequestAsyncHookHandler;
  staffNames: () => Promise<Map<string, string>>;
}

/** 18:00 → the moment, in ms, of that time on `date` in Japan. */
const japanMoment = (date: string, time: string) => Date.parse(`${date}T${time}:00+09:00`);
/** The time of day in Japan, HH:MM. */
const japanTimeOfDay = (now: number) => new Date(now + 9 * 3600_000).toISOString().slice(11, 16);

export function createLineModule(input: LineModuleInput) {
  const store = input.storage.store(lineRepositories);
  const delivery = createDelivery({ store, api: input.api, now: input.now, logError: input.logError });

  /** The facts a message about this record's booking states, from its slot (its first, if several). */
  async function bookingFacts(read: LineRepositories, surveyId: string, partitionKey: string, slots: readonly { calendarId: string; date: string; start: string; end: string }[]): Promise<BookingFacts | undefined> {
    const slot = slots[0];
    const record = await read.records.find(partitionKey);
    if (slot === undefined || record === undefined) return undefined;
    const survey = await read.surveys.find(surveyId);
    const calendar = await read.calendars.findCalendar(slot.calendarId);
    const category = calendar === undefined ? undefined : await read.calendars.findCategory(calendar.categoryId);
    const place = category === undefined ? '' : [category.tag1, category.tag2, category.tag3].filter((tag) => tag !== undefined && tag !== '').join(' ');
    return {
      surveyTitle: survey?.config.surveyTitle ?? surveyId,
      receiptNumber: record.receiptNumber,
      slot: { date: slot.date, start: slot.start, end: slot.end },
      place,
      link: input.bookingsLink(surveyId),
    };
  }

  /** Reminders due now, of every calendar that has one: added to line_messages (once per booking). */
  async function enqueueDueReminders(): Promise<number> {
    const now = input.now();
    const today = todayInJapan(now);
    let added = 0;
    for (const reminder of await store.read.messages.reminders()) {
      if (japanTimeOfDay(now) < reminder.sendTime) continue;
      const date = addDaysToDate(today, reminder.daysBefore);
      // Bookings made after the reminder's moment were confirmed just now: no reminder for them.
      const due = await store.read.messages.remindersDue(reminder.calendarId, date, japanMoment(today, reminder.sendTime));
      const messages: NewLineMessage[] = [];
      for (const booking of due) {
        const facts = await bookingFacts(store.read, booking.surveyId, booking.partitionKey, [booking]);
        if (facts === undefined) continue;
        messages.push({
          dedupeKey: reminderKey(booking.partitionKey, booking.itemKey, booking.date, booking.slotId),
          channel: 'service',
          kind: 'reminder',
          userId: booking.userId,
          surveyId: booking.surveyId,
          partitionKey: booking.partitionKey,
          payload: { templateName: input.templates.reminder, params: bookingParams('reminder', facts, reminder.daysBefore) },
          dueAt: now,
        });
      }
      if (messages.length > 0) added += await store.transaction((write) => write.messages.enqueue(messages, now));
    }
    return added;
  }

  // One run at a time in this process; a run asked for during one follows it.
  let running: Promise<void> | undefined;
  let again = false;
  // Read through a call: the flag is set by a call made while the run awaited.
  const rerunAsked = () => again;
  function runOnce(): Promise<void> {
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          // A payment never made (the hold lapsed, a konbini voucher left unpaid) confirms nothing.
          await store.transaction((write) => write.messages.giveUpAwaitingPayment(input.now() - AWAITING_PAYMENT_FOR_MS, input.now()));
          await enqueueDueReminders();
          await delivery.deliverDue();
        } catch (error) {
          input.logError(error, 'Sending LINE messages failed; the next run tries again');
        }
      } while (rerunAsked());
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = input.schedule ? setInterval(() => void runOnce(), DELIVERY_INTERVAL_MS) : undefined;
  timer?.unref();

  const notices = createStaffNotices({
    store,
    api: input.api,
    now: input.now,
    staffNames: input.staffNames,
    deliverSoon: () => void runOnce(),
  });
  const staffRoutes: FastifyPluginAsync = async (app) => {
    app.addHook('onRequest', input.authenticateStaff);
    contractRoute(app, staffEndpoints.staffSendNotice, {}, async (request) => ({ data: await notices.send(request.staff, request.params.surveyId, request.body.text, request.body.target) }));
    contractRoute(app, staffEndpoints.staffNotices, {}, async (request) => ({ data: await notices.list(request.staff, request.params.surveyId) }));
    contractRoute(app, staffEndpoints.staffNotice, {}, async (request) => ({ data: await notices.report(request.staff, request.params.noticeId) }));
    contractRoute(app, staffEndpoints.staffNoticeRecipients, {}, async (request) => ({
      data: await notices.recipients(request.staff, request.params.noticeId, request.query.state, request.query.after),
    }));
    contractRoute(app, staffEndpoints.staffCalendarReminder, {}, async (request) => ({ data: await reminders.of(request.staff, request.params.calendarId) }));
    contractRoute(app, staffEndpoints.staffSetCalendarReminder, {}, async (request) => ({ data: await reminders.set(request.staff, request.params.calendarId, request.body.reminder) }));
  };

  /** A calendar's reminder, as staff set it in the calendar administration. */
  const reminders = {
    async of(actor: StaffActor, calendarId: string): Promise<CalendarReminder> {
      requireRole(actor, 'calendars.edit');
      if ((await store.read.calendars.findCalendar(calendarId)) === undefined) throw new HttpError(404, 'calendar_not_found', messages.calendarNotFound);
      return (await store.read.messages.reminderOf(calendarId)) ?? null;
    },
    async set(actor: StaffActor, calendarId: string, reminder: CalendarReminder): Promise<CalendarReminder> {
      requireRole(actor, 'calendars.edit');
      return store.transaction(async ({ messages: repository, calendars, audit }) => {
        if ((await calendars.findCalendar(calendarId)) === undefined) throw new HttpError(404, 'calendar_not_found', messages.calendarNotFound);
        const before = (await repository.reminderOf(calendarId)) ?? null;
        await repository.setReminder(calendarId, reminder ?? undefined, input.now());
        await appendAudit(audit, actor, { action: 'calendar.reminder', target: `calendar:${calendarId}`, detail: { from: before, to: reminder } }, input.now());
        return reminder;
      });
    },
  };

  return {
    /** The staff console's routes: notices, and calendars' reminders. */
    routes: [staffRoutes],
    /**
     * After a citizen's action in the mini-app: the service message confirming it, once (the same
     * action seen twice, a retried request, adds nothing), sent at once in the background.
     */
    async afterCitizenAction(action: CitizenAction): Promise<void> {
      const now = input.now();
      const slots = action.slotsBefore ?? (await store.read.calendars.claimsOfRecord(action.partitionKey));
      // Only bookings are confirmed: a paid one when its payment is (it waits until then).
      const awaitingPayment = action.awaitingPayment !== undefined;
      const confirmed = slots.filter((slot) => (slot.holdExpiresAt !== undefined) === awaitingPayment);
      const facts = await bookingFacts(store.read, action.surveyId, action.partitionKey, confirmed);
      if (facts === undefined) return;
      const record = await store.read.records.find(action.partitionKey);
      const version = record?.version ?? 0;
      // An edit in place keeps the record's key and raises its version: a change, not a new booking.
      const kind = action.kind === 'booked' && version > 1 ? 'changed' : action.kind;
      const dedupeKey = kind === 'cancelled' ? `cancelled:${action.partitionKey}` : `${kind}:${action.partitionKey}:v${String(version)}`;
      const confirmation: NewLineMessage = {
        dedupeKey,
        channel: 'service',
        kind,
        userId: action.userId,
        surveyId: action.surveyId,
        partitionKey: action.partitionKey,
        payload: { templateName: input.templates[kind], params: bookingParams(kind, facts) },
        liffAccessToken: action.liffAccessToken,
        dueAt: awaitingPayment ? AWAITING_PAYMENT : now,
      };
      // A paid booking's receipt goes with its confirmation, once the payment is made.
      const payment = action.awaitingPayment;
      const receipt: NewLineMessage[] =
        payment === undefined
          ? []
          : [
              {
                dedupeKey: `paid:${payment.orderId}`,
                channel: 'service',
                kind: 'paid',
                userId: action.userId,
                surveyId: action.surveyId,
                partitionKey: action.partitionKey,
                payload: { templateName: input.templates.paid, params: receiptParams(facts, { total: payment.total, receiptLink: input.receiptLink(payment.orderId) }) },
                dueAt: AWAITING_PAYMENT,
              },
            ];
      await store.transaction((write) => write.messages.enqueue([confirmation, ...receipt], now));
      if (!awaitingPayment) {
        void runOnce();
        return;
      }
      const waiting = (await store.read.messages.messagesOfRecord(action.partitionKey)).find((message) => message.dedupeKey === dedupeKey);
      if (waiting?.liffAccessToken != null) await delivery.issueNow({ messageId: waiting.messageId, userId: waiting.userId, liffAccessToken: waiting.liffAccessToken });
    },
    /** The record's booking was paid for: its confirmation, waiting for that, goes out now. */
    async paymentConfirmed(partitionKey: string): Promise<void> {
      const released = await store.transaction((write) => write.messages.releaseAwaitingPayment(partitionKey, input.now()));
      if (released > 0) void runOnce();
    },
    /**
     * A freed place offered to a citizen on a waitlist: a message from the municipality's official
     * account (LINE delivers it to friends), once per offer, sent at once in the background.
     */
    async waitlistOffered(offer: { userId: string; entryId: number; text: string }): Promise<void> {
      const now = input.now();
      await store.transaction((write) =>
        write.messages.enqueue([{ dedupeKey: `waitlist-offer:${String(offer.entryId)}`, channel: 'push', kind: 'waitlist_offer', userId: offer.userId, payload: { messages: [{ type: 'text', text: offer.text }] }, dueAt: now }], now),
      );
      void runOnce();
    },
    /**
     * A lottery's results: one message to each applicant from the official account (as a waitlist
     * offer), once per application, queued in one transaction and sent in the background.
     */
    async lotteryResults(results: readonly { userId: string; applicationId: number; text: string }[]): Promise<void> {
      if (results.length === 0) return;
      const now = input.now();
      await store.transaction((write) =>
        write.messages.enqueue(
          results.map((result) => ({ dedupeKey: `lottery-result:${String(result.applicationId)}`, channel: 'push' as const, kind: 'lottery_result' as const, userId: result.userId, payload: { messages: [{ type: 'text', text: result.text }] }, dueAt: now })),
          now,
        ),
      );
      void runOnce();
    },
    /** The slots a record holds now (read before a cancellation releases them). */
    slotsOf: async (partitionKey: string) => store.read.calendars.claimsOfRecord(partitionKey),
    /** Enqueues the reminders due and delivers every message due, now (tests drive it; the timer too). */
    runOnce,
    /** The repository, for the staff's routes and tests. */
    store,
    stop() {
      if (timer !== undefined) clearInterval(timer);
    },
    /** Waits for a run in progress to end (a server closing). */
    async settled() {
      await running;
    },
  };
}

export type LineModule = ReturnType<typeof createLineModule>;
