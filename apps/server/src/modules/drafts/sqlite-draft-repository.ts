import type { Answers } from '@city/survey-core';
import type { SqliteDatabase } from '../../db/database.js';
import type { DraftRepository } from './draft-repository.js';

interface DraftRow {
  answers_json: string;
  saved_at: number;
  expires_at: number;
}

export function createSqliteDraftRepository(db: SqliteDatabase): DraftRepository {
  const find = db.prepare<[string, string], DraftRow>('SELECT answers_json, saved_at, expires_at FROM survey_drafts WHERE user_id = ? AND survey_id = ?');
  const save = db.prepare<[string, string, string, number, number]>(
    `INSERT INTO survey_drafts (user_id, survey_id, answers_json, saved_at, expires_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, survey_id) DO UPDATE SET answers_json = excluded.answers_json, saved_at = excluded.saved_at, expires_at = excluded.expires_at`,
  );
  const remove = db.prepare<[string, string]>('DELETE FROM survey_drafts WHERE user_id = ? AND survey_id = ?');
  const removeExpired = db.prepare<[number]>('DELETE FROM survey_drafts WHERE expires_at <= ?');
  return {
    find(userId, surveyId) {
      const row = find.get(userId, surveyId);
      return row === undefined ? undefined : { userId, surveyId, answers: JSON.parse(row.answers_json) as Answers, savedAt: row.saved_at, expiresAt: row.expires_at };
    },
    save(draft) {
      save.run(draft.userId, draft.surveyId, JSON.stringify(draft.answers), draft.savedAt, draft.expiresAt);
    },
    remove(userId, surveyId) {
      remove.run(userId, surveyId);
    },
    removeExpired(now) {
      return removeExpired.run(now).changes;
    },
  };
}
