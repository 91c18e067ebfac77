// The repositories that only store and read back (no guarantee between transactions to keep), on
// either engine: what goes in comes out the same, bytes and Japanese text included.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresFileRepository } from '../src/modules/files/postgres-file-repository.js';
import { createSqliteFileRepository } from '../src/modules/files/sqlite-file-repository.js';
import { createPostgresSandboxSessionRepository } from '../src/modules/payments/sandbox/postgres-sandbox-session-repository.js';
import { createSqliteSandboxSessionRepository } from '../src/modules/payments/sandbox/sqlite-sandbox-session-repository.js';
import { createPostgresRecordEventRepository } from '../src/modules/records/postgres-record-event-repository.js';
import { createSqliteRecordEventRepository } from '../src/modules/records/sqlite-record-event-repository.js';
import { createPostgresSettingsRepository } from '../src/modules/settings/postgres-settings-repository.js';
import { createSqliteSettingsRepository } from '../src/modules/settings/sqlite-settings-repository.js';
import type { TestDatabase } from './engines.js';
import { ENGINES, openTestDatabase } from './engines.js';

describe.each(ENGINES)('plain repositories on %s', (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  }, 60_000);
  afterEach(async () => {
    await database.close();
  });

  it('settings: a JSON value per key, replaced when set again', async () => {
    const store = database.store({ sqlite: createSqliteSettingsRepository, postgres: createPostgresSettingsRepository });
    expect(await store.read.get('receiptIssuer')).toBeUndefined();
    await store.transaction((settings) => settings.set('receiptIssuer', { name: '〇〇市役所', registrationNumber: 'T1234567890123' }, 1));
    await store.transaction((settings) => settings.set('receiptIssuer', { name: '△△市役所' }, 2));
    expect(await store.read.get('receiptIssuer')).toEqual({ name: '△△市役所' });
  });

  it('files: every byte read back as uploaded, and only the description without them', async () => {
    const store = database.store({ sqlite: createSqliteFileRepository, postgres: createPostgresFileRepository });
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const file = { fileId: 'f'.repeat(32), userId: 'U1', name: '診断書.pdf', contentType: 'application/pdf', size: bytes.length };
    await store.transaction((files) => files.add(file, bytes));
    expect(await store.read.describe(file.fileId)).toEqual(file);
    const read = await store.read.read(file.fileId);
    expect(read?.file).toEqual(file);
    expect(Buffer.compare(read?.data ?? Buffer.alloc(0), bytes)).toBe(0);
    expect(await store.read.read('0'.repeat(32))).toBeUndefined();
  });

  it("record events: a record's history in the order it was written, with growing ids", async () => {
    const store = database.store({ sqlite: createSqliteRecordEventRepository, postgres: createPostgresRecordEventRepository });
    const first = await store.transaction((events) => events.add({ partitionKey: 'p1', kind: 'status', status: '処理中', text: '電話で確認', staffId: 's1', at: 10 }));
    await store.transaction((events) => events.add({ partitionKey: 'p2', kind: 'memo', status: null, text: '別の記録', staffId: 's1', at: 11 }));
    const third = await store.transaction((events) => events.add({ partitionKey: 'p1', kind: 'memo', status: null, text: '来庁予定', staffId: 's2', at: 12 }));
    expect(third.eventId).toBeGreaterThan(first.eventId);
    expect(await store.read.ofRecord('p1')).toEqual([first, third]);
  });

  it('sandbox sessions: settled once, and their refunds added up', async () => {
    const store = database.store({ sqlite: createSqliteSandboxSessionRepository, postgres: createPostgresSandboxSessionRepository });
    const session = {
      sessionId: 'sbx_1',
      orderId: 'o1',
      lines: [{ productId: 'p', name: '健診', unitPrice: 1500, quantity: 2, subtotal: 3000 }],
      totalYen: 3000,
      expiresAt: 5000,
      successUrl: 'https://city.example/ok',
      cancelUrl: 'https://city.example/cancel',
      errorUrl: 'https://city.example/error',
    };
    await store.transaction((sessions) => sessions.create(session, 1000));
    expect(await store.read.find('sbx_1')).toEqual({ ...session, status: 'open', paymentId: null, paymentMethod: null, refundedYen: 0 });
    expect(await store.transaction((sessions) => sessions.settle('sbx_1', 'paid', 'pay_1', 'card'))).toBe(true);
    expect(await store.transaction((sessions) => sessions.settle('sbx_1', 'cancelled', null, null))).toBe(false);
    await store.transaction((sessions) => sessions.addRefund({ idempotencyKey: 'refund-o1', refundId: 're_1', sessionId: 'sbx_1', amountYen: 1000 }, 2000));
    await store.transaction((sessions) => sessions.addRefund({ idempotencyKey: 'refund-o1-b', refundId: 're_2', sessionId: 'sbx_1', amountYen: 500 }, 2001));
    expect(await store.read.find('sbx_1')).toMatchObject({ status: 'paid', paymentId: 'pay_1', paymentMethod: 'card', refundedYen: 1500 });
    expect(await store.read.findRefund('refund-o1')).toEqual({ refundId: 're_1', sessionId: 'sbx_1' });
    expect(await store.read.findRefund('refund-none')).toBeUndefined();
  });
});
