// 電話・窓口での代理予約: staff fill a survey's form for a person without LINE. The submission goes
// through the citizens' checks and the same capacity path (planClaims, then the conditional UPDATE
// that takes a slot's units), so staff and citizens together can never book a slot beyond its capacity. The record
// belongs to nobody's LINE account (userId ''), is marked as entered by staff, and may later be
// claimed by the person in LINE through a look-up, like a record staff imported.
import type { AnswerValue, SurveyConfig } from '@city/survey-core';
import { buildSubmissionPayload, priceOrder } from '@city/survey-core';
import { randomBytes } from 'node:crypto';
import type { StaffActor } from '../../access/actor.js';
import { requireRole, roleMay } from '../../access/permissions.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit, recordTarget } from '../audit/audit.js';
import { citizenViewOf, requireSurvey, requireSurveyOfActor } from '../surveys/surveys.js';
import type { RecordsDeps } from './records.js';
import { checkSubmission, storeSubmission } from './submit-record.js';

/**
 * Stores the answers as a new record entered by the staff member; answers its key and 受付番号.
 * Answers are checked as a citizen's are (400 `invalid_answers`), the slot as a citizen's booking
 * is (409 `slot_full`, ...). Products are paid at the window: no payment is taken here; what to
 * collect is priced as a citizen's order is and written into the record's history.
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
    // The form as this staff member sees it: staff-only items too, for a role that may read them.
    const formOf = (config: SurveyConfig) => (roleMay(actor.role, 'records.readStaffOnly') ? config : citizenViewOf(config));
    // What is to be paid at the window, priced from the survey as a citizen's order is (400 for
    // an unknown product or a quantity out of range).
    const priced = input.order === undefined || input.order.items.length === 0 ? undefined : priceOrder(survey.config.surveySchema, input.order);
    if (priced !== undefined && !priced.ok) throw new HttpError(400, 'invalid_order', priced.problems.join('\n'));
    // A key of its own: the person has no LINE user id. Their record is nobody's until claimed.
    const holder = `phone-${randomBytes(12).toString('hex')}`;
    const now = deps.now();
    const payload = buildSubmissionPayload({
      config: formOf(survey.config),
      userId: holder,
      answers: input.answers,
      now,
      ...(input.order === undefined ? {} : { order: input.order }),
    });
    const submission = await checkSubmission({ ...deps, isOwnUpload: async () => false }, repositories, holder, payload, formOf);
    const unowned = {
      ...submission,
      rows: submission.rows.map((row) => ({ ...row, userId: '' })),
      claims: submission.claims.map((claim) => ({ ...claim, userId: '' })),
    };
    await storeSubmission(repositories, unowned, now, { origin: 'staff', enteredBy: actor.staffId });
    // No payment is taken here: what to collect at the window goes into the record's history,
    // where the staff member at the window reads it.
    const atWindow = priced?.ok === true ? priced.order : undefined;
    if (atWindow !== undefined) {
      const text = messages.payAtWindow(atWindow.lines.map((line) => ({ name: line.name, quantity: line.quantity, subtotal: line.subtotal })), atWindow.total);
      await repositories.events.add({ partitionKey: submission.partitionKey, kind: 'memo', status: null, text, staffId: actor.staffId, at: now });
    }
    const detail = {
      surveyId,
      bookings: unowned.claims.map(({ calendarId, date, slotId }) => ({ calendarId, date, slotId })),
      ...(atWindow === undefined ? {} : { payAtWindow: { lines: atWindow.lines, total: atWindow.total } }),
    };
    await appendAudit(repositories.audit, actor, { action: 'record.bookOnBehalf', target: recordTarget(submission.partitionKey), detail }, now);
    return { partitionKey: submission.partitionKey, receiptNumber: submission.receiptNumber };
  });
}
