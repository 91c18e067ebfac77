import type { SqliteDatabase } from '../../db/database.js';
import type { MemberNumber, MemberNumberRepository } from './member-number-repository.js';

interface Row {
  survey_id: string;
  sequence: number;
  member_number: string;
  partition_key: string;
  user_id: string;
  issued_at: number;
  withdrawn_at: number | null;
}

const COLUMNS = 'survey_id, sequence, member_number, partition_key, user_id, issued_at, withdrawn_at';

const toNumber = (row: Row): MemberNumber => ({
  surveyId: row.survey_id,
  sequence: row.sequence,
  memberNumber: row.member_number,
  partitionKey: row.partition_key,
  userId: row.user_id,
  issuedAt: row.issued_at,
  withdrawnAt: row.withdrawn_at,
});

export function createSqliteMemberNumberRepository(db: SqliteDatabase): MemberNumberRepository {
  const activeOfUser = db.prepare<[string, string], Row>(
    `SELECT ${COLUMNS} FROM member_numbers WHERE survey_id = ? AND user_id = ? AND withdrawn_at IS NULL ORDER BY sequence LIMIT 1`,
  );
  const activeOfRecord = db.prepare<[string], Row>(
    `SELECT ${COLUMNS} FROM member_numbers WHERE partition_key = ? AND withdrawn_at IS NULL ORDER BY sequence LIMIT 1`,
  );
  const byNumber = db.prepare<[string, string], Row>(`SELECT ${COLUMNS} FROM member_numbers WHERE survey_id = ? AND member_number = ?`);
  const maxSequence = db.prepare<[string], { n: number | null }>('SELECT MAX(sequence) AS n FROM member_numbers WHERE survey_id = ?');
  const insert = db.prepare<[string, number, string, string, string, number, number | null]>(
    `INSERT INTO member_numbers (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const move = db.prepare<[string, string, number]>('UPDATE member_numbers SET partition_key = ? WHERE survey_id = ? AND sequence = ?');
  const setUser = db.prepare<[string, string]>('UPDATE member_numbers SET user_id = ? WHERE partition_key = ? AND withdrawn_at IS NULL');
  const withdraw = db.prepare<[number, string]>('UPDATE member_numbers SET withdrawn_at = ? WHERE partition_key = ? AND withdrawn_at IS NULL');

  return {
    async activeOfUser(surveyId, userId) {
      const row = activeOfUser.get(surveyId, userId);
      return row === undefined ? undefined : toNumber(row);
    },
    async activeOfRecord(partitionKey) {
      const row = activeOfRecord.get(partitionKey);
      return row === undefined ? undefined : toNumber(row);
    },
    async find(surveyId, memberNumber) {
      const row = byNumber.get(surveyId, memberNumber);
      return row === undefined ? undefined : toNumber(row);
    },
    // Transactions run one at a time on SQLite: nothing else issues a number meanwhile.
    async nextSequence(surveyId) {
      return (maxSequence.get(surveyId)?.n ?? 0) + 1;
    },
    async insert(number) {
      insert.run(number.surveyId, number.sequence, number.memberNumber, number.partitionKey, number.userId, number.issuedAt, number.withdrawnAt);
    },
    async moveToRecord(surveyId, sequence, partitionKey) {
      move.run(partitionKey, surveyId, sequence);
    },
    async setUser(partitionKey, userId) {
      setUser.run(userId, partitionKey);
    },
    async withdraw(partitionKey, withdrawnAt) {
      withdraw.run(withdrawnAt, partitionKey);
    },
  };
}
