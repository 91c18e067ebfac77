// The bulk status change case of `pnpm bench`: 50,000 records of one survey matched by a filter
// move from 未対応 to 処理中 in one staff request, each checked on its own version and audited once.
// The anchor does only the unavoidable work on a copy of the same database, in this process: one
// transaction that updates every record's status and version and appends one hash-chained audit
// entry and one history entry per record. Prints both times, the ratio, and the audit count.
import { createHash } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { EVENT_APPLICATION } from '@city/demo-data';
import { buildSubmissionPayload } from '@city/survey-core';
import { openDatabase } from '../src/db/database.js';
import { connectSqlite, sqliteStore } from '../src/db/sqlite-store.js';
import { createSqliteAuditRepository } from '../src/modules/audit/sqlite-audit-repository.js';
import { createSqliteRecordRepository } from '../src/modules/records/sqlite-record-repository.js';
import { createStaffMember } from '../src/modules/staff/manage-staff.js';
import { createSqliteStaffRepository } from '../src/modules/staff/sqlite-staff-repository.js';
import { createSqliteSurveyRepository } from '../src/modules/surveys/sqlite-survey-repository.js';
import { readConfig } from '../src/env.js';

export const BULK_RECORDS = 50_000;
const STAFF = { loginId: 'bench-member', password: 'bench-member-password' };

/** Adds the records (one per citizen of the event survey), a team owning the survey and a member of it. */
export async function seedBulkRecords(file: string): Promise<void> {
  const db = openDatabase(file);
  const connections = connectSqlite(db);
  const records = sqliteStore(connections, createSqliteRecordRepository);
  await records.transaction(async (repository) => {
    for (let n = 0; n < BULK_RECORDS; n++) {
      const userId = `U${String(n).padStart(32, 'c')}`;
      const { data } = buildSubmissionPayload({ config: EVENT_APPLICATION, userId, answers: { ticket: String(100000 + (n % 900000)), born: '1980-02-03', course: '料理教室' }, now: 1_700_000_000_000 + n });
      await repository.replace({ rows: data, receiptNumber: `B${String(n).padStart(7, '0')}`, removePartitionKeys: [], origin: 'web', surveyVersion: 1 });
    }
  });
  const staffStore = sqliteStore(connections, (c) => ({ staff: createSqliteStaffRepository(c), audit: createSqliteAuditRepository(c) }));
  await staffStore.transaction(({ staff }) => staff.insertTeam({ teamId: 'bench', name: 'ベンチ課' }, Date.now()));
  await sqliteStore(connections, createSqliteSurveyRepository).transaction((surveys) => surveys.setTeams(EVENT_APPLICATION.surveyId, ['bench']));
  await createStaffMember({ store: staffStore, security: readConfig({ NODE_ENV: 'test' }).staff, now: Date.now }, { kind: 'system', job: 'bench' }, { ...STAFF, displayName: 'ベンチ職員', role: 'member', teamIds: ['bench'] });
  connections.reader.close();
  db.close();
}

/** The unavoidable work, timed, on a copy of `file` taken before the server changes it. */
export function anchorBulk(file: string, copy: string): number {
  copyFileSync(file, copy);
  const db = openDatabase(copy);
  try {
    const started = performance.now();
    db.transaction(() => {
      const keys = db.prepare("SELECT DISTINCT partition_key FROM survey_results WHERE survey_id = ? AND item_key = 'course' AND value = '料理教室'").pluck().all(EVENT_APPLICATION.surveyId) as string[];
      const setStatus = db.prepare("UPDATE survey_results SET check_status = '処理中' WHERE partition_key = ?");
      const bump = db.prepare('UPDATE survey_records SET version = version + 1, updated_at = ? WHERE partition_key = ? AND version = 1');
      const event = db.prepare("INSERT INTO record_events (partition_key, kind, status, text, staff_id, at) VALUES (?, 'status', '処理中', '', 'bench', ?)");
      const audit = db.prepare("INSERT INTO audit_log (seq, at, actor, ip, action, target, detail_json, prev_hash, hash) VALUES (?, ?, 'staff:bench', '127.0.0.1', 'record.changeStatus', ?, ?, ?, ?)");
      let { seq, hash } = (db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string } | undefined) ?? { seq: 0, hash: '0'.repeat(64) };
      const now = Date.now();
      for (const key of keys) {
        bump.run(now, key);
        setStatus.run(key);
        event.run(key, now);
        seq += 1;
        const detail = JSON.stringify({ status: { from: '未対応', to: '処理中' }, reason: '' });
        const next = createHash('sha256').update(hash).update('\n').update(JSON.stringify([seq, now, 'staff:bench', '127.0.0.1', 'record.changeStatus', `record:${key}`, detail])).digest('hex');
        audit.run(seq, now, `record:${key}`, detail, hash, next);
        hash = next;
      }
    }).immediate();
    return performance.now() - started;
  } finally {
    db.close();
  }
}

/** Signs in as the bench's member and asks for the bulk change; answers the time and the report. */
export async function serverBulk(origin: string): Promise<{ ms: number; changed: number; refused: number }> {
  const signIn = await fetch(`${origin}/console/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(STAFF) });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { data } = (await signIn.json()) as { data: { csrfToken: string } };
  const started = performance.now();
  const response = await fetch(`${origin}/console/api/surveys/${EVENT_APPLICATION.surveyId}/records/bulk-status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': data.csrfToken },
    body: JSON.stringify({ filter: { items: [{ itemKey: 'course', value: '料理教室', match: 'exact' }], statuses: ['未対応'] }, status: '処理中', expectedCount: BULK_RECORDS }),
  });
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`bulk-status: ${response.status} ${await response.text()}`);
  const report = (await response.json()) as { data: { changed: number; refused: unknown[] } };
  return { ms, changed: report.data.changed, refused: report.data.refused.length };
}

/** Audit entries of status changes in the server's database, and whether the chain verifies. */
export function auditedChanges(file: string): number {
  const db = openDatabase(file);
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'record.changeStatus'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}
