import { ErrorBodySchema } from '@city/api-client/contract';
import type { SurveyConfig, SurveyResultRow } from '@city/survey-core';
import type { RouteDeps } from '../app.js';
import { HttpError } from '../errors.js';
import { messages } from '../messages.js';
import type { StoredSurvey } from '../repositories/survey-configs.js';

/** Options every route plugin gets from app.ts. */
export interface RouteOptions {
  deps: RouteDeps;
}

/** The error responses every authenticated route may give. */
export const errorResponses = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;

/** A record's rows as citizens see them: answers to staff-only items removed. */
export function citizenRows(config: SurveyConfig, rows: SurveyResultRow[]): SurveyResultRow[] {
  const staffOnly = new Set(config.surveySchema.filter((item) => item.isAdminItem).map((item) => item.itemKey));
  return staffOnly.size === 0 ? rows : rows.filter((row) => !staffOnly.has(row.itemKey));
}

/** A survey as citizens see it: staff-only items removed. */
export function citizenView(config: SurveyConfig): SurveyConfig {
  return { ...config, surveySchema: config.surveySchema.filter((item) => !item.isAdminItem) };
}

export function requireSurvey(deps: RouteDeps, surveyId: string): StoredSurvey {
  const survey = deps.surveys.get(surveyId);
  if (survey === undefined) throw new HttpError(404, 'survey_not_found', messages.surveyNotFound);
  return survey;
}

/** The caller's record in this survey, or 404 (another user's record is "not found" too). */
export function requireOwnRecord(deps: RouteDeps, surveyId: string, partitionKey: string, userId: string) {
  const record = deps.results.record(partitionKey);
  if (record === undefined || record.surveyId !== surveyId || record.userId !== userId) {
    throw new HttpError(404, 'record_not_found', messages.recordNotFound);
  }
  return record;
}

const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Today's date in Japan (YYYY-MM-DD): look-up lockouts last until the next Japanese day. */
export function japanDay(now = Date.now()): string {
  return new Date(now + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
}
