import type { SurveyConfig } from '@city/survey-core';

/** A stored survey and how citizens may find records in it. */
export interface StoredSurvey {
  config: SurveyConfig;
  /** Items a citizen must give to look a record up (filterQuery); empty when look-up is off. */
  lookupItemKeys: string[];
  /** Listed for citizens on the search form (getAllSearchable). */
  searchable: boolean;
}

/** Survey configurations. */
export interface SurveyRepository {
  find(surveyId: string): Promise<StoredSurvey | undefined>;
  /** The surveys listed for citizens, by id. */
  listSearchable(): Promise<StoredSurvey[]>;
  /** Adds the survey, or replaces the one with its id. */
  save(survey: StoredSurvey): Promise<void>;
  isEmpty(): Promise<boolean>;
  /** The teams that own the survey: their staff see and act on its records. */
  teamsOf(surveyId: string): Promise<string[]>;
  /** Every survey one of these teams owns, by id. */
  ofTeams(teamIds: readonly string[]): Promise<StoredSurvey[]>;
  /** The survey is owned by exactly these teams. */
  setTeams(surveyId: string, teamIds: readonly string[]): Promise<void>;
  /** The results-list columns the staff member chose for the survey (item keys), if any. */
  columnChoice(staffId: string, surveyId: string): Promise<string[] | undefined>;
  saveColumnChoice(staffId: string, surveyId: string, itemKeys: readonly string[], now: number): Promise<void>;
}
