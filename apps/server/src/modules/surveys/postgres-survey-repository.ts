import type { SurveyConfig } from '@city/survey-core';
import type { Configuration } from '../../db/configuration-cache.js';
import type { PostgresQueryable } from '../../db/postgres.js';
import type { SurveyRepository } from './survey-repository.js';
import type { SurveyRow } from './survey-rows.js';
import { parseSurveyRow, SURVEY_COLUMNS } from './survey-rows.js';

/**
 * Surveys over PostgreSQL. A survey and the list of searchable ones are read through the
 * configuration cache (once per change, not once per request); every write to survey_configs or
 * survey_versions tells it, in the transaction that writes.
 */
export function createPostgresSurveyRepository(db: PostgresQueryable, configuration: Configuration): SurveyRepository {
  const rows = async <Row extends object>(name: string, text: string, values: unknown[] = []) => (await db.query<Row>({ name, text, values })).rows;
  const count = async (name: string, text: string, values: unknown[]) => (await rows<{ n: number }>(name, text, values))[0]?.n ?? 0;
  const changesConfiguration = async (name: string, text: string, values: unknown[]) => {
    configuration.changed(true);
    await db.query({ name, text, values });
  };
  const find = (surveyId: string) =>
    configuration.getAsync(`survey\n${surveyId}`, async () => {
      const [row] = await rows<SurveyRow>('surveys.find', `SELECT ${SURVEY_COLUMNS} FROM survey_configs WHERE survey_id = $1`, [surveyId]);
      return row === undefined ? undefined : parseSurveyRow(row);
    });

  return {
    find,
    async listAll() {
      return (await rows<SurveyRow>('surveys.listAll', `SELECT ${SURVEY_COLUMNS} FROM survey_configs ORDER BY survey_id`)).map(parseSurveyRow);
    },
    async listSearchable() {
      return configuration.getAsync('searchable surveys', async () =>
        (await rows<SurveyRow>('surveys.listSearchable', `SELECT ${SURVEY_COLUMNS} FROM survey_configs WHERE searchable = 1 AND state <> 'draft' ORDER BY survey_id`)).map(parseSurveyRow),
      );
    },
    async configOfVersion(surveyId, version) {
      const current = await find(surveyId);
      if (current?.version === version) return current.config;
      // An older version never changes once a newer one exists.
      return configuration.getAsync(`survey version\n${surveyId}\n${String(version)}`, async () => {
        const [row] = await rows<{ config_json: string }>('surveys.configOfVersion', 'SELECT config_json FROM survey_versions WHERE survey_id = $1 AND version = $2', [surveyId, version]);
        return row === undefined ? undefined : (JSON.parse(row.config_json) as SurveyConfig);
      });
    },
    async versions(surveyId) {
      const found = await rows<{ version: number; created_at: number; created_by: string; records: number }>(
        'surveys.versions',
        `SELECT v.version, v.created_at, v.created_by,
           (SELECT COUNT(*) FROM survey_records r WHERE r.survey_id = v.survey_id AND r.survey_version = v.version) AS records
         FROM survey_versions v WHERE v.survey_id = $1 ORDER BY v.version`,
        [surveyId],
      );
      return found.map((row) => ({ version: row.version, createdAt: row.created_at, createdBy: row.created_by, records: row.records }));
    },
    async save(survey, savedBy = 'system:import', now = Date.now()) {
      const config = JSON.stringify(survey.config);
      const version = survey.version ?? 1;
      const surveyId = survey.config.surveyId;
      await changesConfiguration(
        'surveys.save',
        `INSERT INTO survey_configs (survey_id, config_json, lookup_item_keys_json, searchable, updated_at, version, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (survey_id) DO UPDATE SET config_json = excluded.config_json, lookup_item_keys_json = excluded.lookup_item_keys_json,
           searchable = excluded.searchable, updated_at = excluded.updated_at, version = excluded.version, state = excluded.state`,
        [surveyId, config, JSON.stringify(survey.lookupItemKeys), survey.searchable ? 1 : 0, now, version, survey.state ?? 'published'],
      );
      await changesConfiguration(
        'surveys.saveVersion',
        `INSERT INTO survey_versions (survey_id, version, config_json, created_at, created_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (survey_id, version) DO UPDATE SET config_json = excluded.config_json, created_at = excluded.created_at, created_by = excluded.created_by`,
        [surveyId, version, config, now, savedBy],
      );
    },
    async setState(surveyId, state, now) {
      await changesConfiguration('surveys.setState', 'UPDATE survey_configs SET state = $1, updated_at = $2 WHERE survey_id = $3', [state, now, surveyId]);
    },
    async delete(surveyId) {
      await changesConfiguration('surveys.delete', 'DELETE FROM survey_configs WHERE survey_id = $1', [surveyId]);
    },
    async countRecords(surveyId, version) {
      return version === undefined
        ? count('surveys.countRecords', 'SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = $1', [surveyId])
        : count('surveys.countRecordsOfVersion', 'SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = $1 AND survey_version = $2', [surveyId, version]);
    },
    async answeredItemKeys(surveyId) {
      // A choice item keeps a row per option, '' for those not chosen: only a value (or a file) is an answer.
      const found = await rows<{ item_key: string }>(
        'surveys.answeredItemKeys',
        "SELECT DISTINCT item_key FROM survey_results WHERE survey_id = $1 AND (value <> '' OR files_json IS NOT NULL)",
        [surveyId],
      );
      return new Set(found.map((row) => row.item_key));
    },
    async isEmpty() {
      return (await count('surveys.count', 'SELECT COUNT(*) AS n FROM survey_configs', [])) === 0;
    },
    async teamsOf(surveyId) {
      return (await rows<{ team_id: string }>('surveys.teamsOf', 'SELECT team_id FROM survey_teams WHERE survey_id = $1 ORDER BY team_id', [surveyId])).map((row) => row.team_id);
    },
    async ofTeams(teamIds) {
      if (teamIds.length === 0) return [];
      const found = await rows<SurveyRow>(
        'surveys.ofTeams',
        `SELECT ${SURVEY_COLUMNS} FROM survey_configs WHERE survey_id IN (SELECT survey_id FROM survey_teams WHERE team_id = ANY($1::text[])) ORDER BY survey_id`,
        [teamIds],
      );
      return found.map(parseSurveyRow);
    },
    async columnChoice(staffId, surveyId) {
      const [row] = await rows<{ item_keys_json: string }>('surveys.columnChoice', 'SELECT item_keys_json FROM staff_column_choices WHERE staff_id = $1 AND survey_id = $2', [staffId, surveyId]);
      return row === undefined ? undefined : (JSON.parse(row.item_keys_json) as string[]);
    },
    async saveColumnChoice(staffId, surveyId, itemKeys, now) {
      await db.query({
        name: 'surveys.saveColumnChoice',
        text: `INSERT INTO staff_column_choices (staff_id, survey_id, item_keys_json, updated_at) VALUES ($1, $2, $3, $4)
               ON CONFLICT (staff_id, survey_id) DO UPDATE SET item_keys_json = excluded.item_keys_json, updated_at = excluded.updated_at`,
        values: [staffId, surveyId, JSON.stringify(itemKeys), now],
      });
    },
    async setTeams(surveyId, teamIds) {
      await db.query({ name: 'surveys.clearTeams', text: 'DELETE FROM survey_teams WHERE survey_id = $1', values: [surveyId] });
      for (const teamId of new Set(teamIds)) {
        await db.query({ name: 'surveys.addTeam', text: 'INSERT INTO survey_teams (survey_id, team_id) VALUES ($1, $2)', values: [surveyId, teamId] });
      }
    },
  };
}
