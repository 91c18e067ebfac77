import type { PostgresQueryable } from '../../db/postgres.js';
import type { MemberNumberRepository } from './member-number-repository.js';
import type { MemberNumberRow } from './member-number-rows.js';
import { MEMBER_NUMBER_COLUMNS, toNumber } from './member-number-rows.js';

export function createPostgresMemberNumberRepository(db: PostgresQueryable): MemberNumberRepository {
  const one = async (name: string, text: string, values: unknown[]) => {
    const row = (await db.query<MemberNumberRow>({ name, text, values })).rows[0];
    return row === undefined ? undefined : toNumber(row);
  };
  const run = async (name: string, text: string, values: unknown[]) => {
    await db.query({ name, text, values });
  };
  return {
    activeOfUser: (surveyId, userId) =>
      one('members.activeOfUser', `SELECT ${MEMBER_NUMBER_COLUMNS} FROM member_numbers WHERE survey_id = $1 AND user_id = $2 AND withdrawn_at IS NULL ORDER BY sequence LIMIT 1`, [surveyId, userId]),
    activeOfRecord: (partitionKey) =>
      one('members.activeOfRecord', `SELECT ${MEMBER_NUMBER_COLUMNS} FROM member_numbers WHERE partition_key = $1 AND withdrawn_at IS NULL ORDER BY sequence LIMIT 1`, [partitionKey]),
    async activeOfRecords(partitionKeys) {
      if (partitionKeys.length === 0) return [];
      const { rows } = await db.query<MemberNumberRow>({
        name: 'members.activeOfRecords',
        text: `SELECT ${MEMBER_NUMBER_COLUMNS} FROM member_numbers WHERE partition_key = ANY($1::text[]) AND withdrawn_at IS NULL ORDER BY sequence`,
        values: [partitionKeys],
      });
      return rows.map(toNumber);
    },
    find: (surveyId, memberNumber) => one('members.find', `SELECT ${MEMBER_NUMBER_COLUMNS} FROM member_numbers WHERE survey_id = $1 AND member_number = $2`, [surveyId, memberNumber]),
    async nextSequence(surveyId) {
      // A lock on the survey's issuing, held until the transaction ends (MAX alone would give two
      // transactions the same number, and the second its primary key's error).
      await db.query({ name: 'members.lockIssuing', text: "SELECT pg_advisory_xact_lock(hashtext('member_numbers'), hashtext($1))", values: [surveyId] });
      const { rows } = await db.query<{ n: number | null }>({ name: 'members.maxSequence', text: 'SELECT MAX(sequence) AS n FROM member_numbers WHERE survey_id = $1', values: [surveyId] });
      return (rows[0]?.n ?? 0) + 1;
    },
    insert: (number) =>
      run('members.insert', `INSERT INTO member_numbers (${MEMBER_NUMBER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
        number.surveyId,
        number.sequence,
        number.memberNumber,
        number.partitionKey,
        number.userId,
        number.issuedAt,
        number.withdrawnAt,
      ]),
    moveToRecord: (surveyId, sequence, partitionKey) =>
      run('members.moveToRecord', 'UPDATE member_numbers SET partition_key = $1 WHERE survey_id = $2 AND sequence = $3', [partitionKey, surveyId, sequence]),
    setUser: (partitionKey, userId) => run('members.setUser', 'UPDATE member_numbers SET user_id = $1 WHERE partition_key = $2 AND withdrawn_at IS NULL', [userId, partitionKey]),
    withdraw: (partitionKey, withdrawnAt) =>
      run('members.withdraw', 'UPDATE member_numbers SET withdrawn_at = $1 WHERE partition_key = $2 AND withdrawn_at IS NULL', [withdrawnAt, partitionKey]),
  };
}
