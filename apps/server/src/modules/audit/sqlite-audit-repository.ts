import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../../db/database.js';
import { auditFindStatement } from './audit-find.js';
import type { AuditRepository } from './audit-repository.js';
import type { AuditRow } from './audit-rows.js';
import { toEntry } from './audit-rows.js';
import { entryHash, GENESIS_HASH } from './chain.js';

export function createSqliteAuditRepository(db: SqliteDatabase): AuditRepository {
  const last = db.prepare<[], { seq: number; hash: string }>('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1');
  const insert = db.prepare<[number, number, string, string, string, string, string, string, string]>(
    'INSERT INTO audit_log (seq, at, actor, ip, action, target, detail_json, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  // One statement per set of conditions (audit-find.ts), prepared when first asked for.
  const finds = new Map<string, Statement<(string | number)[], AuditRow>>();
  const all = db.prepare<[], AuditRow>('SELECT * FROM audit_log ORDER BY seq');
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM audit_log');

  return {
    async append(input) {
      // Appends run inside a write transaction, one at a time: the last entry read here is the
      // one this entry follows.
      const previous = last.get();
      const seq = (previous?.seq ?? 0) + 1;
      const prevHash = previous?.hash ?? GENESIS_HASH;
      const detailJson = JSON.stringify(input.detail);
      const hash = entryHash(prevHash, { ...input, seq, detailJson });
      insert.run(seq, input.at, input.actor, input.ip, input.action, input.target, detailJson, prevHash, hash);
      return { ...input, seq, detailJson, prevHash, hash };
    },
    async find(query) {
      const { key, where, values } = auditFindStatement(query, () => '?');
      let find = finds.get(key);
      if (find === undefined) {
        find = db.prepare<(string | number)[], AuditRow>(`SELECT * FROM audit_log ${where} ORDER BY seq DESC LIMIT ?`);
        finds.set(key, find);
      }
      return find.all(...values, query.limit).map(toEntry);
    },
    async *each() {
      for (const row of all.iterate()) yield toEntry(row);
    },
    async count() {
      return count.get()?.n ?? 0;
    },
  };
}
