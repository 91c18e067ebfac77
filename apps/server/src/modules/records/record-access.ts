// The one place that decides whether an actor may touch a record. A citizen: only their own. A
// staff member: what their role may do (the permission table), on surveys of their teams only. A
// system job: anything. A record the actor may not see is "not found", whoever owns it, so its
// existence is never revealed; a role refused the action is 403, wherever the record is.
import type { Actor } from '../../access/actor.js';
import type { StaffAction } from '../../access/permissions.js';
import { requireRole } from '../../access/permissions.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import { requireSurveyOfActor } from '../surveys/surveys.js';
import type { RecordInfo, RecordRepository } from './record-repository.js';

/**
 * The record of this survey the actor may take `action` on (a staff action; a citizen may read
 * and change only their own records), or 403 / 404 as above.
 */
export async function requireRecordFor(
  { records, surveys }: { records: RecordRepository; surveys: SurveyRepository },
  actor: Actor,
  action: StaffAction,
  surveyId: string,
  partitionKey: string,
): Promise<RecordInfo> {
  requireRole(actor, action);
  await requireSurveyOfActor(surveys, actor, surveyId);
  const record = await records.find(partitionKey);
  const notFound = () => new HttpError(404, 'record_not_found', messages.recordNotFound);
  if (record === undefined || record.surveyId !== surveyId) throw notFound();
  if (actor.kind === 'citizen' && record.userId !== actor.userId) throw notFound();
  return record;
}
