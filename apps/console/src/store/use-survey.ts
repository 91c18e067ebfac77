import type { StaffSurvey } from './staff-api.js';
import { useStaffSurveysQuery } from './staff-api.js';

/** One of the caller's teams' surveys (undefined while loading or when not theirs), with the list's call state. */
export function useStaffSurvey(surveyId: string) {
  const surveys = useStaffSurveysQuery(undefined);
  const survey: StaffSurvey | undefined = surveys.data?.find((candidate) => candidate.surveyId === surveyId);
  return { survey, surveys };
}
