// A member number's row and what it is read as, on both engines.
import type { MemberNumber } from './member-number-repository.js';

export interface MemberNumberRow {
  survey_id: string;
  sequence: number;
  member_number: string;
  partition_key: string;
  user_id: string;
  issued_at: number;
  withdrawn_at: number | null;
}

export const MEMBER_NUMBER_COLUMNS = 'survey_id, sequence, member_number, partition_key, user_id, issued_at, withdrawn_at';

export const toNumber = (row: MemberNumberRow): MemberNumber => ({
  surveyId: row.survey_id,
  sequence: row.sequence,
  memberNumber: row.member_number,
  partitionKey: row.partition_key,
  userId: row.user_id,
  issuedAt: row.issued_at,
  withdrawnAt: row.withdrawn_at,
});
