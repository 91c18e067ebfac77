import type { SurveyState } from '@city/api-client/staff-contract';
import type { SurveyConfig } from '@city/survey-core';
import type { Awaitable } from '../../db/store.js';

/** Where a survey stands: staff prepare a draft, citizens answer a published one, a closed one takes no new answers. */
export type { SurveyState };

/** A stored survey and how citizens may find records in it. */
export interface StoredSurvey {
  /** The current version's configuration: what citizens answer now. */
  config: SurveyConfig;
  /** Items a citizen must give to look a record up (filterQuery); empty when look-up is off. */
  lookupItemKeys: string[];
  /** Listed for citizens on the search form (getAllSearchable). */
  searchable: boolean;
  /** The current version (1, 2, …): a record keeps the version it was answered on. */
  version: number;
  state: SurveyState;
}

/** A survey as saved: the current version's configuration; state and version default to a published version 1. */
export type SurveyToSave = Omit<StoredSurvey, 'version' | 'state'> & Partial<Pick<StoredSurvey, 'version' | 'state'>>;

export interface SurveyVersionInfo {
  version: number;
  createdAt: number;
  /** Who saved it, as the audit log names actors. */
  createdBy: string;
  /** Records answered on it (their last submission's version). */
  records: number;
}

/** Survey configurations and their versions. */
export interface SurveyRepository {
  find(surveyId: string): Awaitable<StoredSurvey | undefined>;
  /** The configuration of one version of the survey (a record is read with its own version's). */
  configOfVersion(surveyId: string, version: number): Awaitable<SurveyConfig | undefined>;
  /** Every version of the survey, oldest first, with how many records each holds. */
  versions(surveyId: string): Awaitable<SurveyVersionInfo[]>;
  /** Every survey, by id (drafts and closed ones too). */
  listAll(): Awaitable<StoredSurvey[]>;
  /** The published surveys listed for citizens, by id. */
  listSearchable(): Awaitable<StoredSurvey[]>;
  /**
   * Adds the survey, or replaces the one with its id; its configuration is stored as the version
   * given (replacing that version's, which the editor does only while no record was answered on it).
   * `savedBy` names the actor as the audit log does (default `system:import`, as test set-ups and
   * the import command save); `now` defaults to the wall clock.
   */
  save(survey: SurveyToSave, savedBy?: string, now?: number): Awaitable<void>;
  setState(surveyId: string, state: SurveyState, now: number): Awaitable<void>;
  /** Removes a survey with no records: its versions, teams and column choices go with it. */
  delete(surveyId: string): Awaitable<void>;
  isEmpty(): Awaitable<boolean>;
  /** How many records the survey has (on any version, or on one). */
  countRecords(surveyId: string, version?: number): Awaitable<number>;
  /** The items of the survey that hold an answer on some record (any version). */
  answeredItemKeys(surveyId: string): Awaitable<Set<string>>;
  /** The teams that own the survey: their staff see and act on its records. */
  teamsOf(surveyId: string): Awaitable<string[]>;
  /** Every survey one of these teams owns, by id. */
  ofTeams(teamIds: readonly string[]): Awaitable<StoredSurvey[]>;
  /** The survey is owned by exactly these teams. */
  setTeams(surveyId: string, teamIds: readonly string[]): Awaitable<void>;
  /** The results-list columns the staff member chose for the survey (item keys), if any. */
  columnChoice(staffId: string, surveyId: string): Awaitable<string[] | undefined>;
  saveColumnChoice(staffId: string, surveyId: string, itemKeys: readonly string[], now: number): Awaitable<void>;
}
