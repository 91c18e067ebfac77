// A survey's row and what it is read as, on both engines.
import type { SurveyConfig } from '@city/survey-core';
import type { StoredSurvey, SurveyState } from './survey-repository.js';

export interface SurveyRow {
  survey_id: string;
  config_json: string;
  lookup_item_keys_json: string;
  searchable: number;
  version: number;
  state: SurveyState;
}

export const SURVEY_COLUMNS = 'survey_id, config_json, lookup_item_keys_json, searchable, version, state';

export const parseSurveyRow = (row: SurveyRow): StoredSurvey => ({
  config: JSON.parse(row.config_json) as SurveyConfig,
  lookupItemKeys: JSON.parse(row.lookup_item_keys_json) as string[],
  searchable: row.searchable === 1,
  version: row.version,
  state: row.state,
});
