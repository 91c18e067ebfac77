// What citizens may know of surveys: a survey by id, and the ones listed for look-up; always as
// citizens see them (staff-only items left out).
import type { SurveyConfig } from '@city/survey-core';
import { citizenView } from '@city/survey-core';
import type { Actor } from '../../access/actor.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { StoredSurvey, SurveyRepository } from './survey-repository.js';

const citizenViews = new WeakMap<SurveyConfig, SurveyConfig>();

/**
 * The survey as citizens see it (see citizenView), made once per stored configuration: the
 * repository hands out the same configuration object until the survey changes.
 */
export function citizenViewOf(config: SurveyConfig): SurveyConfig {
  let view = citizenViews.get(config);
  if (view === undefined) {
    view = citizenView(config);
    citizenViews.set(config, view);
  }
  return view;
}

const storedViews = new WeakMap<StoredSurvey, SurveyConfig>();

/**
 * What a citizen is sent of a stored survey: its citizen view, with `lookupItemKeys` when the
 * survey has look-up items, so the app knows what to ask for to find a record staff imported.
 */
export function citizenSurveyView(survey: StoredSurvey): SurveyConfig {
  let view = storedViews.get(survey);
  if (view === undefined) {
    // The stored survey's look-up items are the ones filterQuery uses: a configuration's own
    // `lookupItemKeys` is never passed on (the app would offer a look-up that always fails).
    const base: SurveyConfig = { ...citizenViewOf(survey.config) };
    delete base.lookupItemKeys;
    if (survey.lookupItemKeys.length > 0) base.lookupItemKeys = survey.lookupItemKeys;
    view = base;
    storedViews.set(survey, view);
  }
  return view;
}

/**
 * 404 `survey_not_found` unless the staff actor's teams own the survey (citizens and jobs pass):
 * another team's survey is not revealed to exist.
 */
export async function requireSurveyOfActor(surveys: SurveyRepository, actor: Actor, surveyId: string): Promise<void> {
  if (actor.kind !== 'staff') return;
  const owners = await surveys.teamsOf(surveyId);
  if (!owners.some((teamId) => actor.teamIds.includes(teamId))) throw new HttpError(404, 'survey_not_found', messages.surveyNotFound);
}

/** The survey, or 404 `survey_not_found`. */
export async function requireSurvey(surveys: SurveyRepository, surveyId: string): Promise<StoredSurvey> {
  const survey = await surveys.find(surveyId);
  if (survey === undefined) throw new HttpError(404, 'survey_not_found', messages.surveyNotFound);
  return survey;
}

/** Several surveys as citizens see them; unknown ids are left out rather than failing the list. */
export async function citizenSurveys(surveys: SurveyRepository, surveyIds: readonly string[]): Promise<SurveyConfig[]> {
  const found: SurveyConfig[] = [];
  for (const surveyId of new Set(surveyIds)) {
    const survey = await surveys.find(surveyId);
    if (survey !== undefined) found.push(citizenSurveyView(survey));
  }
  return found;
}
