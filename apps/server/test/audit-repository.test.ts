// The audit log on either engine: one unbroken hash chain, even when entries are appended at the
// same moment on several connections (several server instances on one PostgreSQL), and read back
// in pages however long it grows.
import { describe, expect, it } from 'vitest';
import { createPostgresAuditRepository } from '../src/modules/audit/postgres-audit-repository.js';
import { createSqliteAuditRepository } from '../src/modules/audit/sqlite-audit-repository.js';
import { verifyAuditLog } from '../src/modules/audit/verify-command.js';
import { ENGINES, useTestDatabase } from './engines.js';

const audit = { sqlite: createSqliteAuditRepository, postgres: createPostgresAuditRepository };

const entry = (n: number) => ({ at: 1_700_000_000_000 + n, actor: `staff:s${String(n % 3)}`, ip: '127.0.0.1', action: n % 2 === 0 ? 'record.view' : 'record.changeStatus', target: `record:p${String(n % 5)}`, detail: { n, メモ: '確認' } });

describe.each(ENGINES)('the audit log on %s', (engine) => {
  const each = useTestDatabase(engine, audit);

  it('stays one unbroken chain when 100 entries are appended at once', async () => {
    const appended = await Promise.all(Array.from({ length: 100 }, (_, n) => each.store.transaction((log) => log.append(entry(n)))));
    expect(new Set(appended.map((e) => e.seq)).size).toBe(100);
    expect(await verifyAuditLog(each.store.read)).toMatchObject({ code: 0, verdict: { ok: true, entries: 100 } });
    expect(await each.store.read.count()).toBe(100);
  });

  it('walks a log longer than a page in order, and finds entries by target, actor, action and time', async () => {
    await each.store.transaction(async (log) => {
      for (let n = 0; n < 2500; n++) await log.append(entry(n));
    });
    expect(await verifyAuditLog(each.store.read)).toMatchObject({ code: 0, verdict: { ok: true, entries: 2500 } });
    const found = await each.store.read.find({ target: 'record:p1', actor: 'staff:s0', action: 'record.change', from: entry(0).at, to: entry(2000).at, limit: 3 });
    expect(found.map((e) => e.detail.n)).toEqual([1971, 1941, 1911]);
    const next = await each.store.read.find({ target: 'record:p1', actor: 'staff:s0', action: 'record.change', beforeSeq: found.at(-1)?.seq, limit: 1 });
    expect(next.map((e) => e.detail.n)).toEqual([1881]);
    expect((await each.store.read.find({ limit: 1 }))[0]?.detail).toEqual({ n: 2499, メモ: '確認' });
  });

  it('names an entry changed behind its back', async () => {
    await each.store.transaction(async (log) => {
      for (let n = 0; n < 5; n++) await log.append(entry(n));
    });
    if (engine === 'postgres') await each.database.execute('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete');
    else await each.database.execute('DROP TRIGGER audit_log_no_update');
    await each.database.execute("UPDATE audit_log SET actor = 'staff:someone-else' WHERE seq = 3");
    expect(await verifyAuditLog(each.store.read)).toMatchObject({ code: 1, verdict: { ok: false, seq: 3, problem: 'altered' } });
  });
});
