import type { PostgresQueryable } from '../../db/postgres.js';
import type { AuditRepository } from './audit-repository.js';
import type { AuditRow } from './audit-rows.js';
import { auditFindStatement } from './audit-find.js';
import { AUDIT_COLUMNS, toEntry } from './audit-rows.js';
import { entryHash, GENESIS_HASH } from './chain.js';

/** Entries read at a time by `each`: a log of millions is walked without holding it in memory. */
const PAGE = 1000;

export function createPostgresAuditRepository(db: PostgresQueryable): AuditRepository {
  return {
    async append(input) {
      // The log's end, held until the transaction ends: transactions on other connections (other
      // instances) append after this entry is committed, never beside it with the same seq. Taken
      // as late as the entry is written, so it is held only for the rest of the transaction.
      await db.query({ name: 'audit.lockEnd', text: "SELECT pg_advisory_xact_lock(hashtext('audit_log'))" });
      const { rows } = await db.query<{ seq: number; hash: string }>({ name: 'audit.last', text: 'SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1' });
      const previous = rows[0];
      const seq = (previous?.seq ?? 0) + 1;
      const prevHash = previous?.hash ?? GENESIS_HASH;
      const detailJson = JSON.stringify(input.detail);
      const hash = entryHash(prevHash, { ...input, seq, detailJson });
      await db.query({
        name: 'audit.append',
        text: `INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        values: [seq, input.at, input.actor, input.ip, input.action, input.target, detailJson, prevHash, hash],
      });
      return { ...input, seq, detailJson, prevHash, hash };
    },
    async find(query) {
      // A named statement per set of conditions (audit-find.ts): PostgreSQL plans it once, with the index its conditions allow.
      const { key, where, values } = auditFindStatement(query, (n) => `$${String(n)}`);
      const { rows } = await db.query<AuditRow>({
        name: `audit.find(${key})`,
        text: `SELECT ${AUDIT_COLUMNS} FROM audit_log ${where} ORDER BY seq DESC LIMIT $${String(values.length + 1)}`,
        values: [...values, query.limit],
      });
      return rows.map(toEntry);
    },
    async *each() {
      for (let after = 0; ; ) {
        const { rows } = await db.query<AuditRow>({ name: 'audit.page', text: `SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE seq > $1 ORDER BY seq LIMIT $2`, values: [after, PAGE] });
        for (const row of rows) yield toEntry(row);
        const last = rows.at(-1);
        if (last === undefined || rows.length < PAGE) return;
        after = last.seq;
      }
    },
    async count() {
      const { rows } = await db.query<{ n: number }>({ name: 'audit.count', text: 'SELECT COUNT(*) AS n FROM audit_log' });
      return rows[0]?.n ?? 0;
    },
  };
}
