// The membership rules the records use-cases apply inside their transactions: members-only
// surveys, the member number a registration is given (or keeps), one registration per citizen,
// and claiming a paper card. Kept apart from the members routes so records can use them.
import type { SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { formatMemberNumber, readMemberNumber } from '@city/survey-core';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import type { MemberNumber, MemberNumberRepository } from './member-number-repository.js';
import type { Awaitable } from '../../db/store.js';

/** The number a registration will hold once stored: a new one, or the one it already had. */
export interface PlannedMemberNumber {
  surveyId: string;
  /** The item the number is the answer of (`membership.numberItemKey`). */
  itemKey: string;
  sequence: number;
  memberNumber: string;
  /** Issued by this submission (inserted when stored); false when the registration keeps its number. */
  isNew: boolean;
  /** Where a kept number was: the registration may move to another record (an edit under a new key). */
  partitionKey?: string;
}

/** 403 `membership_required` unless the user holds an active number of the survey's required membership. */
export function requireMembership(
  repositories: { members: MemberNumberRepository; surveys: SurveyRepository },
  survey: SurveyConfig,
  userId: string,
): Awaitable<void> {
  // Most surveys require none: answered at once, without an async function's promise.
  const required = survey.requiresMembership;
  if (required === undefined) return;
  return requireMembershipOf(repositories, required, userId);
}

async function requireMembershipOf(
  { members, surveys }: { members: MemberNumberRepository; surveys: SurveyRepository },
  required: string,
  userId: string,
): Promise<void> {
  if ((await members.activeOfUser(required, userId)) !== undefined) return;
  const memberSurvey = (await surveys.find(required))?.config;
  const name = memberSurvey?.membership?.name ?? memberSurvey?.surveyTitle ?? '会員';
  throw new HttpError(403, 'membership_required', messages.membershipRequired(name));
}

/** The rows a client sent, without any for the member number: the server writes that one itself. */
export function withoutNumberRows(config: SurveyConfig, rows: readonly SurveyResultRow[]): SurveyResultRow[] {
  const numberItemKey = config.membership?.numberItemKey;
  if (numberItemKey === undefined) return [...rows];
  const kept = rows.filter((row) => row.itemKey !== numberItemKey);
  const [first] = kept;
  // Core gives the record's first row its bare itemKey as sortKey; when the number's row was that
  // first row, the next one takes its place, as core would have built the rows without it.
  if (first !== undefined && rows[0]?.itemKey === numberItemKey) kept[0] = { ...first, sortKey: first.itemKey };
  return kept;
}


/**
 * The number a registration of this member survey gets: the one its record (`previousPartitionKey`,
 * the record it edits) already holds, else the next one: above every number ever issued in the
 * survey, retired ones included, so none is issued twice. 409 `already_member` when the user holds
 * another active number there (a claimed paper card, say): one registration per citizen. Stores
 * nothing; {@link storeMemberNumber} does, in the same transaction.
 */
export function planMemberNumber(
  members: MemberNumberRepository,
  survey: SurveyConfig,
  userId: string,
  previousPartitionKey: string | undefined,
): Awaitable<PlannedMemberNumber | undefined> {
  // Not a member survey (most are not): nothing to plan, answered at once.
  const { membership } = survey;
  if (membership === undefined) return undefined;
  return planNumberOf(members, survey, membership, userId, previousPartitionKey);
}

async function planNumberOf(
  members: MemberNumberRepository,
  survey: SurveyConfig,
  membership: NonNullable<SurveyConfig['membership']>,
  userId: string,
  previousPartitionKey: string | undefined,
): Promise<PlannedMemberNumber> {
  const kept = previousPartitionKey === undefined ? undefined : await members.activeOfRecord(previousPartitionKey);
  if (kept !== undefined) return { ...keptNumber(kept), itemKey: membership.numberItemKey, isNew: false };
  // First: it holds the survey's issuing, so that the check below sees every registration committed
  // before, and none is committed meanwhile.
  const sequence = await members.nextSequence(survey.surveyId);
  if ((await members.activeOfUser(survey.surveyId, userId)) !== undefined) {
    throw new HttpError(409, 'already_member', messages.alreadyMember);
  }
  return {
    surveyId: survey.surveyId,
    itemKey: membership.numberItemKey,
    sequence,
    memberNumber: formatMemberNumber(membership.numberFormat, sequence),
    isNew: true,
  };
}

function keptNumber(number: MemberNumber): Omit<PlannedMemberNumber, 'isNew' | 'itemKey'> {
  return { surveyId: number.surveyId, sequence: number.sequence, memberNumber: number.memberNumber, partitionKey: number.partitionKey };
}

/** Stores the planned number with the registration's record (stored at `partitionKey`). */
export async function storeMemberNumber(
  members: MemberNumberRepository,
  planned: PlannedMemberNumber,
  partitionKey: string,
  userId: string,
  now: number,
): Promise<void> {
  if (planned.isNew) {
    const { surveyId, sequence, memberNumber } = planned;
    await members.insert({ surveyId, sequence, memberNumber, partitionKey, userId, issuedAt: now, withdrawnAt: null });
  } else if (planned.partitionKey !== partitionKey) {
    await members.moveToRecord(planned.surveyId, planned.sequence, partitionKey);
  }
}

/**
 * Before a member record is claimed (putUserId): 409 `already_member` when the caller already holds
 * an active number in that membership. After the claim, {@link giveNumberTo} makes the card theirs.
 */
export async function checkClaimOfMemberRecord(members: MemberNumberRepository, survey: SurveyConfig, userId: string): Promise<void> {
  if (survey.membership === undefined) return;
  if ((await members.activeOfUser(survey.surveyId, userId)) !== undefined) {
    throw new HttpError(409, 'already_member', messages.alreadyMember);
  }
}

/** A claimed member record's number becomes the claimer's. */
export async function giveNumberTo(members: MemberNumberRepository, partitionKey: string, userId: string): Promise<void> {
  await members.setUser(partitionKey, userId);
}

/** A member record deleted or cancelled by its citizen ends the membership: its number is retired, never issued again. */
export async function retireNumberOf(members: MemberNumberRepository, partitionKey: string, now: number): Promise<void> {
  await members.withdraw(partitionKey, now);
}

/**
 * A look-up of a member survey by its number: the typed number read as a counter would read it
 * (full-width, hyphens, spaces, lower case accepted) and replaced by the number as issued, which is
 * what its row's search key holds. 400 `invalid_member_number`, with the Japanese problem as its
 * message, for text that cannot be a number of this membership (shape or check digit). A blank or
 * missing number is left for the look-up to refuse as missing.
 */
export function readLookedUpNumber<Lookup extends Record<string, unknown>>(survey: SurveyConfig, lookupItemKeys: readonly string[], lookup: Lookup): Lookup {
  const { membership } = survey;
  if (membership === undefined || !lookupItemKeys.includes(membership.numberItemKey)) return lookup;
  const typed = lookup[membership.numberItemKey];
  if (typeof typed !== 'string' || typed.trim() === '') return lookup;
  const read = readMemberNumber(membership.numberFormat, typed);
  if (!read.ok) {
    throw new HttpError(400, 'invalid_member_number', read.problem, { fields: { [membership.numberItemKey]: read.problem } });
  }
  return { ...lookup, [membership.numberItemKey]: read.memberNumber };
}
