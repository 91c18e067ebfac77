import type { Answers } from '@city/survey-core';
import type { PostgresQueryable } from '../../db/postgres.js';
import type { DraftRepository } from './draft-repository.js';

export function createPostgresDraftRepository(db: PostgresQueryable): DraftRepository {
  return {
    async find(userId, surveyId) {
      const { rows } = await db.query<{ answers_json: string; saved_at: string; expires_at: string }>({
        name: 'drafts.find',
        text: 'SELECT answers_json, saved_at, expires_at FROM survey_drafts WHERE user_id = $1 AND survey_id = $2',
        values: [userId, surveyId],
      });
      const row = rows[0];
      return row === undefined ? undefined : { userId, surveyId, answers: JSON.parse(row.answers_json) as Answers, savedAt: Number(row.saved_at), expiresAt: Number(row.expires_at) };
    },
    async save(draft) {
      await db.query({
        name: 'drafts.save',
        text: `INSERT INTO survey_drafts (user_id, survey_id, answers_json, saved_at, expires_at) VALUES ($1, $2, $3, $4, $5)
               ON CONFLICT (user_id, survey_id) DO UPDATE SET answers_json = excluded.answers_json, saved_at = excluded.saved_at, expires_at = excluded.expires_at`,
        values: [draft.userId, draft.surveyId, JSON.stringify(draft.answers), draft.savedAt, draft.expiresAt],
      });
    },
    async remove(userId, surveyId) {
      await db.query({ name: 'drafts.remove', text: 'DELETE FROM survey_drafts WHERE user_id = $1 AND survey_id = $2', values: [userId, surveyId] });
    },
    async removeExpired(now) {
      const result = await db.query({ name: 'drafts.removeExpired', text: 'DELETE FROM survey_drafts WHERE expires_at <= $1', values: [now] });
      return result.rowCount ?? 0;
    },
  };
}
