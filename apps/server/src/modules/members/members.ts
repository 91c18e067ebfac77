// A citizen's membership: their member card, and withdrawing from the membership.
import type { MemberCard } from '@city/api-client';
import type { SurveyResultRow } from '@city/survey-core';
import { answersFromRows, todayInJapan } from '@city/survey-core';
import type { Awaitable, Store } from '../../db/store.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import type { MemberNumberRepository } from './member-number-repository.js';

/**
 * What members read of a registration's record: its rows of some items (the card's name). The
 * records module's repository is one; members names only this, so the records module depends on
 * members (a registration issues a number) and never the other way round.
 */
export interface RegistrationRows {
  rowsOfItems(partitionKey: string, itemKeys: readonly string[]): Awaitable<SurveyResultRow[]>;
}

/** The repositories a members transaction works with: the numbers, and the registrations' rows. */
export interface MemberRepositories {
  members: MemberNumberRepository;
  records: RegistrationRows;
  surveys: SurveyRepository;
}

export interface MembersDeps {
  store: Store<MemberRepositories>;
  /** Deletes the caller's record and retires its number (the records module's deleteItem, passed in by app.ts). */
  deleteRegistration: (surveyId: string, partitionKey: string, userId: string) => Promise<void>;
}

const notMember = () => new HttpError(404, 'not_member', messages.notMember);

/**
 * The caller's member card of the member survey: their active number, the name from the
 * membership's name items (joined with a space), and the day the number was issued (Japan time).
 * 404 `not_member` when they hold no active number there (or the survey is no membership).
 */
export async function memberCardOf(deps: MembersDeps, surveyId: string, userId: string): Promise<MemberCard> {
  const { surveys, members, records } = deps.store.read;
  const survey = (await surveys.find(surveyId))?.config;
  const membership = survey?.membership;
  if (survey === undefined || membership === undefined) throw notMember();
  const number = await members.activeOfUser(surveyId, userId);
  if (number === undefined) throw notMember();
  const rows = await records.rowsOfItems(number.partitionKey, membership.nameItemKeys);
  const answers = answersFromRows(survey.surveySchema, rows);
  const name = membership.nameItemKeys
    .flatMap((itemKey) => [answers[itemKey]].flat())
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  return {
    surveyId,
    partitionKey: number.partitionKey,
    membershipName: membership.name,
    memberNumber: number.memberNumber,
    name,
    issuedOn: todayInJapan(number.issuedAt),
  };
}

/**
 * Leaves the membership: the caller's registration is deleted as deleteItem deletes a record (the
 * records module's rules: a booked slot's change deadline, an order waiting or paid), which retires
 * its number in the same transaction; the number is never issued again, and registering later gets a
 * new one. 404 `not_member` for a record that is not the caller's active registration in that survey
 * (another citizen's included: its existence is not revealed).
 */
export async function withdrawMembership(deps: MembersDeps, surveyId: string, partitionKey: string, userId: string): Promise<void> {
  const number = await deps.store.read.members.activeOfRecord(partitionKey);
  if (number === undefined || number.surveyId !== surveyId || number.userId !== userId) throw notMember();
  await deps.deleteRegistration(surveyId, partitionKey, userId);
}
