import type { SurveyConfig } from '@city/survey-core';
import type { ConfigurationCache } from '../../db/configuration-cache.js';
import type { SqliteDatabase } from '../../db/database.js';
import type { StoredSurvey, SurveyRepository, SurveyState } from './survey-repository.js';
import type { SurveyRow } from './survey-rows.js';
import { parseSurveyRow, SURVEY_COLUMNS } from './survey-rows.js';

const sameRow = (a: SurveyRow, b: SurveyRow) =>
  a.config_json === b.config_json && a.lookup_item_keys_json === b.lookup_item_keys_json && a.searchable === b.searchable && a.version === b.version && a.state === b.state;

/**
 * Surveys over SQLite. With `configuration` (the file's cache, which sqliteStore passes), a survey
 * and the list of searchable ones are read once per change instead of once per request.
 */
export function createSqliteSurveyRepository(db: SqliteDatabase, configuration?: ConfigurationCache): SurveyRepository {
  const byId = db.prepare<[string], SurveyRow>(`SELECT ${SURVEY_COLUMNS} FROM survey_configs WHERE survey_id = ?`);
  const all = db.prepare<[], SurveyRow>(`SELECT ${SURVEY_COLUMNS} FROM survey_configs ORDER BY survey_id`);
  const searchable = db.prepare<[], SurveyRow>(`SELECT ${SURVEY_COLUMNS} FROM survey_configs WHERE searchable = 1 AND state <> 'draft' ORDER BY survey_id`);
  const upsert = db.prepare(
    `INSERT INTO survey_configs (survey_id, config_json, lookup_item_keys_json, searchable, updated_at, version, state)
     VALUES (@surveyId, @config, @lookup, @searchable, @now, @version, @state)
     ON CONFLICT (survey_id) DO UPDATE SET config_json = @config, lookup_item_keys_json = @lookup,
       searchable = @searchable, updated_at = @now, version = @version, state = @state`,
  );
  const upsertVersion = db.prepare(
    `INSERT INTO survey_versions (survey_id, version, config_json, created_at, created_by) VALUES (@surveyId, @version, @config, @now, @savedBy)
     ON CONFLICT (survey_id, version) DO UPDATE SET config_json = @config, created_at = @now, created_by = @savedBy`,
  );
  const versionConfig = db.prepare<[string, number], { config_json: string }>('SELECT config_json FROM survey_versions WHERE survey_id = ? AND version = ?');
  const versions = db.prepare<[string], { version: number; created_at: number; created_by: string; records: number }>(
    `SELECT v.version, v.created_at, v.created_by,
       (SELECT COUNT(*) FROM survey_records r WHERE r.survey_id = v.survey_id AND r.survey_version = v.version) AS records
     FROM survey_versions v WHERE v.survey_id = ? ORDER BY v.version`,
  );
  const setState = db.prepare<[SurveyState, number, string]>('UPDATE survey_configs SET state = ?, updated_at = ? WHERE survey_id = ?');
  const deleteSurvey = db.prepare<[string]>('DELETE FROM survey_configs WHERE survey_id = ?');
  const countRecords = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = ?');
  const countRecordsOfVersion = db.prepare<[string, number], { n: number }>('SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = ? AND survey_version = ?');
  // A choice item keeps a row per option, '' for those not chosen: only a value (or a file) is an answer.
  const answeredItems = db.prepare<[string], { item_key: string }>(
    "SELECT DISTINCT item_key FROM survey_results WHERE survey_id = ? AND (value <> '' OR files_json IS NOT NULL)",
  );
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM survey_configs');
  const teamsOf = db.prepare<[string], { team_id: string }>('SELECT team_id FROM survey_teams WHERE survey_id = ? ORDER BY team_id');
  const ofTeams = db.prepare<[string], SurveyRow>(
    `SELECT ${SURVEY_COLUMNS} FROM survey_configs
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
  const olderVersions = new Map<string, SurveyConfig>();
  const fromRow = (row: SurveyRow): StoredSurvey => {
    const known = parsed.get(row.survey_id);
    if (known !== undefined && sameRow(known.row, row)) return known.survey;
    const survey = parseSurveyRow(row);
    parsed.set(row.survey_id, { row, survey });
    return survey;
  };

  const cached = <T>(key: string, load: () => T): T => (configuration === undefined ? load() : configuration.get(key, load));

  return {
    find(surveyId) {
      return cached(`survey\n${surveyId}`, () => {
        const row = byId.get(surveyId);
        return row === undefined ? undefined : fromRow(row);
      });
    },
    listAll() {
      return all.all().map(fromRow);
    },
    listSearchable() {
      return cached('searchable surveys', () => searchable.all().map(fromRow));
    },
    configOfVersion(surveyId, version) {
      const current = byId.get(surveyId);
      if (current?.version === version) return fromRow(current).config;
      const key = `${surveyId}\n${String(version)}`;
      let config = olderVersions.get(key);
      if (config === undefined) {
        const row = versionConfig.get(surveyId, version);
        if (row === undefined) return undefined;
        config = JSON.parse(row.config_json) as SurveyConfig;
        // An older version never changes once a newer one exists: kept parsed.
        olderVersions.set(key, config);
      }
      return config;
    },
    versions(surveyId) {
      return versions.all(surveyId).map((row) => ({ version: row.version, createdAt: row.created_at, createdBy: row.created_by, records: row.records }));
    },
    save(survey, savedBy = 'system:import', now = Date.now()) {
      const config = JSON.stringify(survey.config);
      const version = survey.version ?? 1;
      upsert.run({
        surveyId: survey.config.surveyId,
        config,
        lookup: JSON.stringify(survey.lookupItemKeys),
        searchable: survey.searchable ? 1 : 0,
        now,
        version,
        state: survey.state ?? 'published',
      });
      upsertVersion.run({ surveyId: survey.config.surveyId, version, config, now, savedBy });
      olderVersions.delete(`${survey.config.surveyId}\n${String(version)}`);
    },
    setState(surveyId, state, now) {
      setState.run(state, now, surveyId);
    },
    delete(surveyId) {
      deleteSurvey.run(surveyId);
      parsed.delete(surveyId);
      // A survey made again under this id has versions of its own.
      for (const key of olderVersions.keys()) if (key.startsWith(`${surveyId}\n`)) olderVersions.delete(key);
    },
    countRecords(surveyId, version) {
      return (version === undefined ? countRecords.get(surveyId) : countRecordsOfVersion.get(surveyId, version))?.n ?? 0;
    },
    answeredItemKeys(surveyId) {
      return new Set(answeredItems.all(surveyId).map((row) => row.item_key));
    },
    isEmpty() {
      return (count.get()?.n ?? 0) === 0;
    },
    teamsOf(surveyId) {
      return teamsOf.all(surveyId).map((row) => row.team_id);
    },
    ofTeams(teamIds) {
      return teamIds.length === 0 ? [] : ofTeams.all(JSON.stringify(teamIds)).map(fromRow);
    },
    columnChoice(staffId, surveyId) {
      const row = columnChoice.get(staffId, surveyId);
      return row === undefined ? undefined : (JSON.parse(row.item_keys_json) as string[]);
    },
    saveColumnChoice(staffId, surveyId, itemKeys, now) {
      saveColumnChoice.run({ staffId, surveyId, itemKeys: JSON.stringify(itemKeys), now });
    },
    setTeams(surveyId, teamIds) {
      clearTeams.run(surveyId);
      for (const teamId of new Set(teamIds)) addTeam.run(surveyId, teamId);
    },
  };
}
