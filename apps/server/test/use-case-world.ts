// A world for property tests that drive the records and payments use-cases directly, without HTTP:
// a fresh SQLite file with the check-up categories, one calendar and the surveys saved; the records
// use-cases' deps; the orders' and payments' over the sandbox provider (whose sessions live in the
// same file); all on one clock the test moves. A paid order is paid as the sandbox's page pays it,
// and its notification is delivered signed, as the provider's server sends it.
import type { SurveyConfig } from '@city/survey-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SqliteDatabase } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import { connectSqlite, sqliteStore } from '../src/db/sqlite-store.js';
import { createSqliteCalendarRepository } from '../src/modules/calendars/sqlite-calendar-repository.js';
import type { OrdersDeps } from '../src/modules/orders/settle-order.js';
import { createSqliteOrderRepository } from '../src/modules/orders/sqlite-order-repository.js';
import { createSqlitePaymentEventRepository } from '../src/modules/payments/sqlite-payment-event-repository.js';
import type { Payments } from '../src/modules/payments/payments.js';
import { createPayments } from '../src/modules/payments/payments.js';
import { returnUrlsOf } from '../src/modules/payments/return-urls.js';
import type { SandboxProvider } from '../src/modules/payments/sandbox/sandbox-provider.js';
import { createSandboxProvider } from '../src/modules/payments/sandbox/sandbox-provider.js';
import { createSqliteSandboxSessionRepository } from '../src/modules/payments/sandbox/sqlite-sandbox-session-repository.js';
import type { RecordsDeps } from '../src/modules/records/records.js';
import { recordRepositories } from '../src/modules/records/repositories.js';
import { createSqliteSettingsRepository } from '../src/modules/settings/sqlite-settings-repository.js';
import { createSqliteSurveyRepository } from '../src/modules/surveys/sqlite-survey-repository.js';
import type { CalendarSpec } from './calendar-fixtures.js';
import { CHECKUP_CATEGORIES, insertCalendar, insertCategories } from './calendar-fixtures.js';
import { FullSlotHints } from '../src/modules/records/full-slot-hints.js';

const ORIGIN = 'https://city.example.jp';

export interface UseCaseWorld {
  /** The writer connection: read it by direct SQL between steps. */
  db: SqliteDatabase;
  /** Every use-case's `now`, the sandbox's too. */
  clock: { now: number };
  records: RecordsDeps;
  orders: OrdersDeps;
  payments: Payments;
  sandbox: SandboxProvider;
  /** holdRecord's last argument: the sandbox's page for the order. */
  startCheckout: (orderId: string) => Promise<string>;
  close: () => void;
}

/** The world, with `calendar` (categories: {@link CHECKUP_CATEGORIES}) and `surveys` saved, at `start`. */
export async function createUseCaseWorld(input: { calendar: CalendarSpec; surveys: readonly SurveyConfig[]; start: number }): Promise<UseCaseWorld> {
  const dir = mkdtempSync(path.join(tmpdir(), 'city-use-case-world-'));
  const db = openDatabase(path.join(dir, 'city.sqlite'));
  insertCategories(db, CHECKUP_CATEGORIES);
  insertCalendar(db, input.calendar);
  const connections = connectSqlite(db);
  const clock = { now: input.start };
  const now = () => clock.now;
  const sandbox = createSandboxProvider({ store: sqliteStore(connections, createSqliteSandboxSessionRepository), now, pageOrigin: () => ORIGIN });
  const paymentsStore = sqliteStore(connections, (connection) => ({
    orders: createSqliteOrderRepository(connection),
    calendars: createSqliteCalendarRepository(connection),
    surveys: createSqliteSurveyRepository(connection),
    paymentEvents: createSqlitePaymentEventRepository(connection),
    settings: createSqliteSettingsRepository(connection),
  }));
  const payments = createPayments({ store: paymentsStore, provider: sandbox, now, issuer: { name: '○○市' } });
  const records: RecordsDeps = {
    store: sqliteStore(connections, recordRepositories.sqlite),
    fullSlots: new FullSlotHints(),
    isOwnUpload: async () => true,
    now,
    settleCancelledOrder: payments.settleCancelledOrder,
  };
  await records.store.transaction(async ({ surveys }) => {
    for (const config of input.surveys) await surveys.save({ config, lookupItemKeys: [], searchable: false });
  });
  return {
    db,
    clock,
    records,
    orders: { store: paymentsStore },
    payments,
    sandbox,
    startCheckout: (orderId) => payments.startCheckout(orderId, returnUrlsOf(orderId, ORIGIN)),
    close: () => {
      if (connections.reader !== db) connections.reader.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The order's payment session at the sandbox (every order a hold placed has one). */
export function sessionIdOf(world: UseCaseWorld, orderId: string): string {
  const row = world.db.prepare('SELECT provider_session_id AS id FROM orders WHERE order_id = ?').get(orderId) as { id: string | null } | undefined;
  if (row?.id == null) throw new Error(`order ${orderId} has no payment session`);
  return row.id;
}

/**
 * The provider's notification of how the order's session stands now (paid, expired, ...), signed
 * and delivered to the payments use-case as its notification route hands it over.
 */
export async function deliverNotification(world: UseCaseWorld, orderId: string, eventId: string): Promise<void> {
  const sessionId = sessionIdOf(world, orderId);
  const outcome = await world.sandbox.fetchStatus(sessionId);
  const { body, headers } = world.sandbox.signedEvent({ id: eventId, sessionId, occurredAt: world.clock.now, outcome });
  await world.payments.handleNotification(Buffer.from(body), headers);
}
