// The server's demo surveys as citizens see them (staff-only items left out), for the stories.
import { CITIZEN_QUESTIONNAIRE as FULL_QUESTIONNAIRE, EVENT_APPLICATION } from '@city/demo-data';
import type { SurveyConfig } from '@city/survey-core';

export const CITIZEN_QUESTIONNAIRE: SurveyConfig = {
  ...FULL_QUESTIONNAIRE,
  surveySchema: FULL_QUESTIONNAIRE.surveySchema.filter((item) => !item.isAdminItem),
};
export { EVENT_APPLICATION };
