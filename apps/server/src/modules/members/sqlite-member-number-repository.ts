import type { SqliteDatabase } from '../../db/database.js';
import type { MemberNumberRepository } from './member-number-repository.js';
import type { MemberNumberRow } from './member-number-rows.js';
import { MEMBER_NUMBER_COLUMNS, toNumber } from './member-number-rows.js';

export function createSqliteMemberNumberRepository(db: SqliteDatabase): MemberNumberRepository {
  const activeOfUser = db.prepare<[string, string], MemberNumberRow>(
    `SELECT ${MEMBER_NUMBER_COLUMNS} FROM member_numbers WHERE survey_id = ? AND user_id = ? AND withdrawn_at IS NULL ORDER BY sequence LIMIT 1`,
  );
  const activeOfRecord = db.prepare<[string], MemberNumberRow>(
    `SELECT ${MEMBER_NUMBER_COLUMNS} FROM member_numbers WHERE partition_key = ? AND withdrawn_at IS NULL ORDER BY sequence LIMIT 1`,
  );
  const activeOfRecords = db.prepare<[string], MemberNumberRow>(
    `SELECT ${MEMBER_NUMBER_COLUMNS} FROM member_numbers WHERE partition_key IN (SELECT value FROM json_each(?)) AND withdrawn_at IS NULL ORDER BY sequence`,
  );
  const byNumber = db.prepare<[string, string], MemberNumberRow>(`SELECT ${MEMBER_NUMBER_COLUMNS} FROM member_numbers WHERE survey_id = ? AND member_number = ?`);
  const maxSequence = db.prepare<[string], { n: number | null }>('SELECT MAX(sequence) AS n FROM member_numbers WHERE survey_id = ?');
  const insert = db.prepare<[string, number, string, string, string, number, number | null]>(
    `INSERT INTO member_numbers (${MEMBER_NUMBER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const move = db.prepare<[string, string, number]>('UPDATE member_numbers SET partition_key = ? WHERE survey_id = ? AND sequence = ?');
  const setUser = db.prepare<[string, string]>('UPDATE member_numbers SET user_id = ? WHERE partition_key = ? AND withdrawn_at IS NULL');
  const withdraw = db.prepare<[number, string]>('UPDATE member_numbers SET withdrawn_at = ? WHERE partition_key = ? AND withdrawn_at IS NULL');

  return {
    activeOfUser(surveyId, userId) {
      const row = activeOfUser.get(surveyId, userId);
      return row === undefined ? undefined : toNumber(row);
    },
    activeOfRecord(partitionKey) {
      const row = activeOfRecord.get(partitionKey);
      return row === undefined ? undefined : toNumber(row);
    },
    activeOfRecords(partitionKeys) {
      return partitionKeys.length === 0 ? [] : activeOfRecords.all(JSON.stringify(partitionKeys)).map(toNumber);
    },
    find(surveyId, memberNumber) {
      const row = byNumber.get(surveyId, memberNumber);
      return row === undefined ? undefined : toNumber(row);
    },
    // Transactions run one at a time on SQLite: nothing else issues a number meanwhile.
    nextSequence(surveyId) {
      return (maxSequence.get(surveyId)?.n ?? 0) + 1;
    },
    insert(number) {
      insert.run(number.surveyId, number.sequence, number.memberNumber, number.partitionKey, number.userId, number.issuedAt, number.withdrawnAt);
    },
    moveToRecord(surveyId, sequence, partitionKey) {
      move.run(partitionKey, surveyId, sequence);
    },
    setUser(partitionKey, userId) {
      setUser.run(userId, partitionKey);
    },
    withdraw(partitionKey, withdrawnAt) {
      withdraw.run(withdrawnAt, partitionKey);
    },
  };
}
