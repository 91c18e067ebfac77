// What citizens may know of surveys: a survey by id, and the ones listed for look-up; always as
// citizens see them (staff-only items left out).
import type { SurveyConfig, SurveySchemaItem } from '@city/survey-core';
import { citizenView } from '@city/survey-core';
import type { Actor } from '../../access/actor.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { StoredSurvey, SurveyRepository } from './survey-repository.js';
import type { Awaitable } from '../../db/store.js';
import { whenAnswered } from '../../db/store.js';

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
export function requireSurvey(surveys: SurveyRepository, surveyId: string): Awaitable<StoredSurvey> {
  return whenAnswered(surveys.find(surveyId), (survey) => {
    if (survey === undefined) throw new HttpError(404, 'survey_not_found', messages.surveyNotFound);
    return survey;
  });
}

/**
 * Every item the survey's records may answer: the current version's, in its order, then the items
 * only older versions have (newest first). The results list's columns and filters are these, so
 * a column stays when an edit removes its item: older records still answer it.
 */
export async function itemsOfEveryVersion(surveys: SurveyRepository, survey: StoredSurvey): Promise<SurveySchemaItem[]> {
  const items = [...survey.config.surveySchema];
  const seen = new Set(items.map((item) => item.itemKey));
  for (let version = survey.version - 1; version >= 1; version -= 1) {
    for (const item of (await surveys.configOfVersion(survey.config.surveyId, version))?.surveySchema ?? []) {
      if (seen.has(item.itemKey)) continue;
      seen.add(item.itemKey);
      items.push(item);
    }
  }
  return items;
}

/**
 * The current configuration with every older version's items after its own: what staff-only
 * filtering and an edit's kept rows must know of, so an item removed by an edit keeps its rules
 * for the records that still answer it.
 */
export function configOfEveryVersion(surveys: SurveyRepository, survey: StoredSurvey): Awaitable<SurveyConfig> {
  // A survey never edited (most): its configuration, answered at once.
  if (survey.version === 1) return survey.config;
  return itemsOfEveryVersion(surveys, survey).then((surveySchema) => ({ ...survey.config, surveySchema }));
}

/**
 * The configuration as the editor opens it: with the look-up items kept beside it (surveys saved
 * before the editor keep them only there), so saving it again keeps citizens' look-up.
 */
export function editableConfigOf(survey: StoredSurvey): SurveyConfig {
  const config: SurveyConfig = { ...survey.config };
  delete config.lookupItemKeys;
  return survey.lookupItemKeys.length === 0 ? config : { ...config, lookupItemKeys: survey.lookupItemKeys };
}

/** The survey as citizens may know it: a draft (staff still preparing it) answers 404 `survey_not_found`. */
export async function requireCitizenSurvey(surveys: SurveyRepository, surveyId: string): Promise<StoredSurvey> {
  const survey = await requireSurvey(surveys, surveyId);
  if (survey.state === 'draft') throw new HttpError(404, 'survey_not_found', messages.surveyNotFound);
  return survey;
}

/**
 * 409 `survey_not_open` unless the survey takes answers (published): a closed survey keeps its
 * records, which citizens still read and cancel, but takes no new answer or edit.
 */
export function requireOpenForAnswers(survey: StoredSurvey): void {
  if (survey.state !== 'published') throw new HttpError(409, 'survey_not_open', messages.surveyEditor.notOpen);
}

/** Several surveys as citizens see them; unknown ids and drafts are left out rather than failing the list. */
export async function citizenSurveys(surveys: SurveyRepository, surveyIds: readonly string[]): Promise<SurveyConfig[]> {
  const found: SurveyConfig[] = [];
  for (const surveyId of new Set(surveyIds)) {
    const survey = await surveys.find(surveyId);
    if (survey !== undefined && survey.state !== 'draft') found.push(citizenSurveyView(survey));
  }
  return found;
}
