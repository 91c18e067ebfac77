// The audit log as staff read it: each action by its Japanese name and its detail as short lines
// (status from → to, reason, memo, the list's filter, how many shown), never raw JSON. An action or
// a detail this file does not know still shows, as its code or as `key: value`, so nothing is hidden.
import type { StaffRole } from '@city/api-client/staff-contract';
import { messages } from '../messages.js';
import { formatDate, formatDateTime } from './format.js';

/** Survey and item titles, where the screen knows them (codes are shown otherwise). */
export interface AuditNames {
  surveyTitle: (surveyId: string) => string | undefined;
  itemTitle: (surveyId: string, itemKey: string) => string | undefined;
}

const noNames: AuditNames = { surveyTitle: () => undefined, itemTitle: () => undefined };

/** The action's Japanese name; the code itself for one the console does not know yet. */
export const actionLabel = (action: string): string => messages.auditActions[action] ?? messages.calendarAdmin.auditActions[action] ?? action;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Any value as compact text: lists joined with 、, objects as `key: value`, never JSON braces. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainText).join('、');
  if (isObject(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${plainText(inner)}`)
      .join('、');
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

const instant = (value: unknown) => (isCount(value) ? formatDateTime(value) : '');
const day = (value: unknown) => (isText(value) ? formatDate(value) : '');

/** The results list's filter (a RecordFilter) as one short line: 「お名前に「山田」を含む、状態：未対応・処理中」. */
export function filterText(filter: unknown, surveyId: string | undefined, names: AuditNames = noNames): string {
  if (!isObject(filter)) return messages.auditFilter(plainText(filter));
  const parts: string[] = [];
  const known = new Set(['items', 'createdFrom', 'createdTo', 'updatedFrom', 'updatedTo', 'slotDateFrom', 'slotDateTo', 'statuses', 'origins']);
  if (Array.isArray(filter.items)) {
    for (const item of filter.items) {
      if (!isObject(item) || !isText(item.itemKey) || !isText(item.value)) continue;
      const title = (surveyId === undefined ? undefined : names.itemTitle(surveyId, item.itemKey)) ?? item.itemKey;
      parts.push(messages.auditItemCondition(title, item.value, item.match === 'exact'));
    }
  }
  const range = (what: string, from: string, to: string) => {
    if (from !== '' || to !== '') parts.push(messages.auditRange(what, from, to));
  };
  range(messages.filterCreated, instant(filter.createdFrom), instant(filter.createdTo));
  range(messages.filterUpdated, instant(filter.updatedFrom), instant(filter.updatedTo));
  range(messages.filterSlotDate, day(filter.slotDateFrom), day(filter.slotDateTo));
  if (Array.isArray(filter.statuses) && filter.statuses.length > 0) parts.push(`${messages.filterStatuses}：${filter.statuses.map(plainText).join('・')}`);
  if (Array.isArray(filter.origins) && filter.origins.length > 0) {
    const origins = filter.origins.map((origin) => (isText(origin) && origin in messages.origins ? messages.origins[origin as keyof typeof messages.origins] : plainText(origin)));
    parts.push(`${messages.filterOrigins}：${origins.join('・')}`);
  }
  for (const [key, value] of Object.entries(filter)) if (!known.has(key)) parts.push(`${key}: ${plainText(value)}`);
  return parts.length === 0 ? messages.auditNoFilter : messages.auditFilter(parts.join('、'));
}

const fromTo = (value: Record<string, unknown>, say: (side: unknown) => string) => `${say(value.from)} → ${say(value.to)}`;
const isFromTo = (value: unknown): value is Record<string, unknown> => isObject(value) && 'from' in value && 'to' in value;

/** A fact of a survey.* entry (the survey editor's create, edit, state and delete), or undefined for another kind. */
function surveyLine(key: string, value: unknown, surveyId: string | undefined, names: AuditNames): string | undefined {
  const version = (side: unknown) => (isCount(side) ? messages.versionNumber(side) : plainText(side));
  const items = (itemKeys: unknown[]) => itemKeys.map((itemKey) => (isText(itemKey) && surveyId !== undefined ? (names.itemTitle(surveyId, itemKey) ?? itemKey) : plainText(itemKey))).join('、');
  if (key === 'title' && isText(value)) return messages.auditSurveyTitle(value);
  if (key === 'version' && isCount(value)) return messages.auditVersion(version(value));
  if (key === 'version' && isFromTo(value)) return messages.auditVersion(value.from === value.to ? version(value.to) : fromTo(value, version));
  if (key === 'state' && isFromTo(value)) return messages.auditSurveyState(fromTo(value, (side) => (isText(side) && side in messages.surveyStates ? messages.surveyStates[side as keyof typeof messages.surveyStates] : plainText(side))));
  if (key === 'teamIds' && isFromTo(value)) return messages.auditTeams(fromTo(value, plainText));
  if (key === 'searchable' && isFromTo(value)) return messages.auditSearchable(fromTo(value, (side) => messages.auditYesNo(side === true)));
  if (key in messages.auditItemChanges && Array.isArray(value)) {
    // An edit lists every kind of change: the kinds it did not make say nothing.
    return value.length === 0 ? '' : `${messages.auditItemChanges[key as keyof typeof messages.auditItemChanges]}：${items(value)}`;
  }
  if (key === 'settings' && Array.isArray(value)) {
    return value.length === 0 ? '' : messages.auditSettings(value.map((setting) => (isText(setting) ? (messages.auditSurveySettings[setting] ?? setting) : plainText(setting))).join('、'));
  }
  return undefined;
}

/** What an entry's detail says, one line per fact; [] for none. */
export function detailLines(entry: { action: string; target: string; detail: Record<string, unknown> }, names: AuditNames = noNames): string[] {
  const lines: string[] = [];
  const surveyOfTarget = entry.target.startsWith('survey:') ? entry.target.slice('survey:'.length) : undefined;
  for (const [key, value] of Object.entries(entry.detail)) {
    const ofSurvey = entry.action.startsWith('survey.') ? surveyLine(key, value, surveyOfTarget, names) : undefined;
    if (ofSurvey !== undefined) {
      if (ofSurvey !== '') lines.push(ofSurvey);
    } else if (key === 'status' && isObject(value) && isText(value.to)) {
      lines.push(messages.auditStatus(isText(value.from) ? value.from : undefined, value.to));
    } else if (key === 'reason' && entry.action === 'staff.signInFailed' && isText(value)) {
      lines.push(messages.auditReason(messages.auditSignInFailures[value] ?? value));
    } else if (key === 'reason' && isText(value)) {
      // A change without a reason says nothing about it.
      if (value !== '') lines.push(messages.auditReason(value));
    } else if (key === 'text' && isText(value)) {
      lines.push(messages.auditMemo(value));
    } else if (key === 'filter') {
      lines.push(filterText(value, surveyOfTarget, names));
    } else if (key === 'shown' && Array.isArray(value)) {
      lines.push(messages.auditShown(value.length));
    } else if (key === 'failures' && isCount(value)) {
      lines.push(messages.auditFailures(value));
    } else if (key === 'loginIdHash' && isText(value)) {
      lines.push(messages.auditLoginIdHash(value));
    } else if (key === 'wasLocked' && typeof value === 'boolean') {
      lines.push(messages.auditWasLocked(value));
    } else if (key === 'orderCancelled' && isText(value)) {
      lines.push(messages.auditOrderCancelled(value));
    } else if (key === 'surveyId' && isText(value)) {
      lines.push(messages.auditSurvey(names.surveyTitle(value) ?? value));
    } else if (key === 'bookings' && Array.isArray(value)) {
      const dates = value.map((booking) => (isObject(booking) ? day(booking.date) : '')).filter((date) => date !== '');
      if (dates.length > 0) lines.push(messages.auditBookings(dates.join('、')));
    } else if (key === 'payAtWindow' && isObject(value) && isCount(value.total)) {
      lines.push(messages.auditPayAtWindow(value.total));
    } else if (key === 'loginId' && isText(value)) {
      lines.push(messages.auditLoginId(value));
    } else if (key === 'role' && isText(value)) {
      lines.push(messages.auditRole(value in messages.roles ? messages.roles[value as StaffRole] : value));
    } else if (key === 'teamIds' && Array.isArray(value)) {
      lines.push(messages.auditTeams(plainText(value)));
    } else {
      lines.push(`${key}: ${plainText(value)}`);
    }
  }
  return lines;
}
