import type { SqliteDatabase } from '../../db/database.js';
import type { AuditQuery, AuditRepository } from './audit-repository.js';
import type { AuditRow } from './audit-rows.js';
import { toEntry } from './audit-rows.js';
import { entryHash, GENESIS_HASH } from './chain.js';

export function createSqliteAuditRepository(db: SqliteDatabase): AuditRepository {
  const last = db.prepare<[], { seq: number; hash: string }>('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1');
  const insert = db.prepare<[number, number, string, string, string, string, string, string, string]>(
    'INSERT INTO audit_log (seq, at, actor, ip, action, target, detail_json, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  // Optional conditions as "? IS NULL OR …": one statement, prepared once, for every query.
  const find = db.prepare<[Record<keyof AuditQuery, string | number | null>], AuditRow>(
    `SELECT * FROM audit_log
     WHERE (@target IS NULL OR target = @target) AND (@actor IS NULL OR actor = @actor)
       AND (@action IS NULL OR substr(action, 1, length(@action)) = @action)
       AND (@from IS NULL OR at >= @from) AND (@to IS NULL OR at <= @to) AND (@beforeSeq IS NULL OR seq < @beforeSeq)
     ORDER BY seq DESC LIMIT @limit`,
  );
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
      const { target = null, actor = null, action = null, from = null, to = null, beforeSeq = null, limit } = query;
      return find.all({ target, actor, action, from, to, beforeSeq, limit }).map(toEntry);
    },
    async *each() {
      for (const row of all.iterate()) yield toEntry(row);
    },
    async count() {
      return count.get()?.n ?? 0;
    },
  };
}
