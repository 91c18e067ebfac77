// The server's demo surveys as citizens see them (staff-only items left out), for the stories.
import { CITIZEN_QUESTIONNAIRE as FULL_QUESTIONNAIRE, EVENT_APPLICATION } from '@city/demo-data';
import { citizenView } from '@city/survey-core';

export const CITIZEN_QUESTIONNAIRE = citizenView(FULL_QUESTIONNAIRE);
export { EVENT_APPLICATION };
