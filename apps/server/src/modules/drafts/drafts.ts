// Drafts (issue 28): a citizen's unsent answers to a survey's form, saved as they type and offered
// back when they open the form again, inside LINE or in a browser. One per citizen and survey; the
// citizen alone reads it (staff never do); gone when the form is sent, discarded, or after
// DRAFT_LIFETIME_MS.
import type { Answers } from '@city/survey-core';
import type { Store } from '../../db/store.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { StoredSurvey, SurveyRepository } from '../surveys/survey-repository.js';
import { citizenViewOf, requireCitizenSurvey, requireOpenForAnswers } from '../surveys/surveys.js';
import type { DraftRepository } from './draft-repository.js';

/** A draft untouched for a week is forgotten (the maintenance job removes it). */
export const DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** A 20-item form is a few kilobytes; a draft's answers are refused past this (413). */
export const DRAFT_MAX_BYTES = 128 * 1024;

export interface DraftsDeps {
  store: Store<{ drafts: DraftRepository; surveys: SurveyRepository }>;
  now: () => number;
}

export interface DraftView {
  answers: Answers;
  savedAt: number;
  expiresAt: number;
}

/** The items a draft may hold answers to: the items of the form citizens see that take an answer. */
function answerableItemKeys(survey: StoredSurvey): Set<string> {
  return new Set(citizenViewOf(survey.config).surveySchema.filter((item) => item.type !== 'guide').map((item) => item.itemKey));
}

/**
 * The citizen's draft of the survey, or null. Answers to items the survey no longer has (edited
 * since) are left out; an expired draft is none.
 */
export async function readDraft(deps: DraftsDeps, userId: string, surveyId: string): Promise<DraftView | null> {
  const { drafts, surveys } = deps.store.read;
  const survey = await requireCitizenSurvey(surveys, surveyId);
  const draft = await drafts.find(userId, surveyId);
  if (draft === undefined || draft.expiresAt <= deps.now()) return null;
  const items = answerableItemKeys(survey);
  const answers = Object.fromEntries(Object.entries(draft.answers).filter(([itemKey]) => items.has(itemKey)));
  if (Object.keys(answers).length === 0) return null;
  return { answers, savedAt: draft.savedAt, expiresAt: draft.expiresAt };
}

/**
 * Saves what the citizen has typed so far, over their earlier draft. Empty answers remove it.
 * 404 for a survey citizens cannot see, 409 for one that takes no answers, 400 for an item the
 * survey does not have, 413 past DRAFT_MAX_BYTES.
 */
export async function saveDraft(deps: DraftsDeps, userId: string, surveyId: string, answers: Answers): Promise<{ savedAt: number; expiresAt: number }> {
  const json = JSON.stringify(answers);
  if (Buffer.byteLength(json) > DRAFT_MAX_BYTES) throw new HttpError(413, 'draft_too_large', messages.draftTooLarge);
  const now = deps.now();
  const saved = { savedAt: now, expiresAt: now + DRAFT_LIFETIME_MS };
  await deps.store.transaction(async ({ drafts, surveys }) => {
    const survey = await requireCitizenSurvey(surveys, surveyId);
    requireOpenForAnswers(survey);
    const items = answerableItemKeys(survey);
    const unknown = Object.keys(answers).find((itemKey) => !items.has(itemKey));
    if (unknown !== undefined) throw new HttpError(400, 'draft_item_unknown', messages.draftItemUnknown, { itemKey: unknown });
    if (Object.keys(answers).length === 0) await drafts.remove(userId, surveyId);
    else await drafts.save({ userId, surveyId, answers, ...saved });
  });
  return saved;
}

/** Removes the citizen's draft of the survey (discarded, or the form was sent). */
export async function discardDraft(deps: DraftsDeps, userId: string, surveyId: string): Promise<void> {
  await deps.store.transaction(({ drafts }) => drafts.remove(userId, surveyId));
}
