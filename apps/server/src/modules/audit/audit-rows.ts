// An audit entry's row and what it is read as, on both engines.
import type { AuditEntry } from './audit-repository.js';

export interface AuditRow {
  seq: number;
  at: number;
  actor: string;
  ip: string;
  action: string;
  target: string;
  detail_json: string;
  prev_hash: string;
  hash: string;
}

export const AUDIT_COLUMNS = 'seq, at, actor, ip, action, target, detail_json, prev_hash, hash';

export const toEntry = (row: AuditRow): AuditEntry => ({
  seq: row.seq,
  at: row.at,
  actor: row.actor,
  ip: row.ip,
  action: row.action,
  target: row.target,
  detail: JSON.parse(row.detail_json) as Record<string, unknown>,
  detailJson: row.detail_json,
  prevHash: row.prev_hash,
  hash: row.hash,
});
