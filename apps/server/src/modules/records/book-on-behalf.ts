// 電話・窓口での代理予約: staff fill a survey's form for a person without LINE. The submission goes
// through the citizens' checks and the same capacity path (planClaims, then the database's claim
// trigger), so staff and citizens together can never book a slot beyond its capacity. The record
// belongs to nobody's LINE account (userId ''), is marked as entered by staff, and may later be
// claimed by the person in LINE through a look-up, like a record staff imported.
import type { AnswerValue } from '@city/survey-core';
import { buildSubmissionPayload } from '@city/survey-core';
import { randomBytes } from 'node:crypto';
import type { StaffActor } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import { appendAudit, recordTarget } from '../audit/audit.js';
import { requireSurvey } from '../surveys/surveys.js';
import { requireSurveyOfActor } from './record-access.js';
import type { RecordsDeps } from './records.js';
import { checkSubmission, storeSubmission } from './submit-record.js';

/**
 * Stores the answers as a new record entered by the staff member; answers its key and 受付番号.
 * Answers are checked as a citizen's are (400 `invalid_answers`), the slot as a citizen's booking
 * is (409 `slot_full`, ...). Products are paid at the window: no payment is taken here.
 */
export async function bookOnBehalf(
  deps: RecordsDeps,
  actor: StaffActor,
  surveyId: string,
  input: { answers: Record<string, AnswerValue>; order?: { items: { productId: string; quantity: number }[] } | undefined },
): Promise<{ partitionKey: string; receiptNumber: string }> {
  requireRole(actor, 'records.bookOnBehalf');
  return deps.store.transaction(async (repositories) => {
    await requireSurveyOfActor(repositories.surveys, actor, surveyId);
    const survey = await requireSurvey(repositories.surveys, surveyId);
    // A key of its own: the person has no LINE user id. Their record is nobody's until claimed.
    const holder = `phone-${randomBytes(12).toString('hex')}`;
    const now = deps.now();
    const payload = buildSubmissionPayload({
      config: survey.config,
      userId: holder,
      answers: input.answers,
      now,
      ...(input.order === undefined ? {} : { order: input.order }),
    });
    const submission = await checkSubmission({ ...deps, isOwnUpload: async () => false }, repositories, holder, payload);
    const unowned = {
      ...submission,
      rows: submission.rows.map((row) => ({ ...row, userId: '' })),
      claims: submission.claims.map((claim) => ({ ...claim, userId: '' })),
    };
    await storeSubmission(repositories, unowned, now, { origin: 'staff', enteredBy: actor.staffId });
    await appendAudit(
      repositories.audit,
      actor,
      { action: 'record.bookOnBehalf', target: recordTarget(submission.partitionKey), detail: { surveyId, bookings: unowned.claims.map(({ calendarId, date, slotId }) => ({ calendarId, date, slotId })) } },
      now,
    );
    return { partitionKey: submission.partitionKey, receiptNumber: submission.receiptNumber };
  });
}
