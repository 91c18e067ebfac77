import type { SurveyConfig } from '@city/survey-core';
import type { SqliteDatabase } from '../../db/database.js';
import type { StoredSurvey, SurveyRepository } from './survey-repository.js';

interface SurveyRow {
  survey_id: string;
  config_json: string;
  lookup_item_keys_json: string;
  searchable: number;
}

const parse = (row: SurveyRow): StoredSurvey => ({
  config: JSON.parse(row.config_json) as SurveyConfig,
  lookupItemKeys: JSON.parse(row.lookup_item_keys_json) as string[],
  searchable: row.searchable === 1,
});

const sameRow = (a: SurveyRow, b: SurveyRow) =>
  a.config_json === b.config_json && a.lookup_item_keys_json === b.lookup_item_keys_json && a.searchable === b.searchable;

export function createSqliteSurveyRepository(db: SqliteDatabase): SurveyRepository {
  const byId = db.prepare<[string], SurveyRow>(
    'SELECT survey_id, config_json, lookup_item_keys_json, searchable FROM survey_configs WHERE survey_id = ?',
  );
  const searchable = db.prepare<[], SurveyRow>(
    'SELECT survey_id, config_json, lookup_item_keys_json, searchable FROM survey_configs WHERE searchable = 1 ORDER BY survey_id',
  );
  const upsert = db.prepare(
    `INSERT INTO survey_configs (survey_id, config_json, lookup_item_keys_json, searchable, updated_at)
     VALUES (@surveyId, @config, @lookup, @searchable, @now)
     ON CONFLICT (survey_id) DO UPDATE SET config_json = @config, lookup_item_keys_json = @lookup,
       searchable = @searchable, updated_at = @now`,
  );
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM survey_configs');
  const teamsOf = db.prepare<[string], { team_id: string }>('SELECT team_id FROM survey_teams WHERE survey_id = ? ORDER BY team_id');
  const ofTeams = db.prepare<[string], SurveyRow>(
    `SELECT survey_id, config_json, lookup_item_keys_json, searchable FROM survey_configs
     WHERE survey_id IN (SELECT survey_id FROM survey_teams WHERE team_id IN (SELECT value FROM json_each(?)))
     ORDER BY survey_id`,
  );
  const clearTeams = db.prepare<[string]>('DELETE FROM survey_teams WHERE survey_id = ?');
  const addTeam = db.prepare<[string, string]>('INSERT INTO survey_teams (survey_id, team_id) VALUES (?, ?)');
  const columnChoice = db.prepare<[string, string], { item_keys_json: string }>('SELECT item_keys_json FROM staff_column_choices WHERE staff_id = ? AND survey_id = ?');
  const saveColumnChoice = db.prepare<[{ staffId: string; surveyId: string; itemKeys: string; now: number }]>(
    `INSERT INTO staff_column_choices (staff_id, survey_id, item_keys_json, updated_at) VALUES (@staffId, @surveyId, @itemKeys, @now)
     ON CONFLICT (staff_id, survey_id) DO UPDATE SET item_keys_json = @itemKeys, updated_at = @now`,
  );

  // Every request reads its survey; parsing the same JSON each time is most of that read. A survey
  // is parsed again only when its stored text changed (by any process), so the objects handed out
  // are shared between requests: callers never modify them.
  const parsed = new Map<string, { row: SurveyRow; survey: StoredSurvey }>();
  const fromRow = (row: SurveyRow): StoredSurvey => {
    const known = parsed.get(row.survey_id);
    if (known !== undefined && sameRow(known.row, row)) return known.survey;
    const survey = parse(row);
    parsed.set(row.survey_id, { row, survey });
    return survey;
  };

  return {
    async find(surveyId) {
      const row = byId.get(surveyId);
      return row === undefined ? undefined : fromRow(row);
    },
    async listSearchable() {
      return searchable.all().map(fromRow);
    },
    async save(survey) {
      upsert.run({
        surveyId: survey.config.surveyId,
        config: JSON.stringify(survey.config),
        lookup: JSON.stringify(survey.lookupItemKeys),
        searchable: survey.searchable ? 1 : 0,
        now: Date.now(),
      });
    },
    async isEmpty() {
      return (count.get()?.n ?? 0) === 0;
    },
    async teamsOf(surveyId) {
      return teamsOf.all(surveyId).map((row) => row.team_id);
    },
    async ofTeams(teamIds) {
      return teamIds.length === 0 ? [] : ofTeams.all(JSON.stringify(teamIds)).map(fromRow);
    },
    async columnChoice(staffId, surveyId) {
      const row = columnChoice.get(staffId, surveyId);
      return row === undefined ? undefined : (JSON.parse(row.item_keys_json) as string[]);
    },
    async saveColumnChoice(staffId, surveyId, itemKeys, now) {
      saveColumnChoice.run({ staffId, surveyId, itemKeys: JSON.stringify(itemKeys), now });
    },
    async setTeams(surveyId, teamIds) {
      clearTeams.run(surveyId);
      for (const teamId of new Set(teamIds)) addTeam.run(surveyId, teamId);
    },
  };
}
