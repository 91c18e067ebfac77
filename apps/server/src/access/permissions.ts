// The one permission table: what each staff role may do. Every staff route names its action and
// is refused (403) when the caller's role is not listed for it; the console only hides what this
// table refuses, it never decides. Where (which surveys) is the caller's teams', checked apart.

import type { StaffAction, StaffRole } from '@city/api-client/staff-contract';
import { HttpError } from '../http/errors.js';
import { messages } from '../messages.js';
import type { Actor } from './actor.js';
import { STAFF_ACTIONS, STAFF_ROLES } from '@city/api-client/staff-contract';

export type { StaffAction, StaffRole };

const EVERY_ROLE: readonly StaffRole[] = STAFF_ROLES;
const MEMBER_AND_ABOVE: readonly StaffRole[] = ['administrator', 'admin', 'member'];
const OPERATOR_AND_ABOVE: readonly StaffRole[] = ['administrator', 'admin', 'member', 'operator'];

/**
 * Role x action (the actions are named in the staff contract). `records.read` lists and reads
 * records (every read of one is audited); `records.readStaffOnly` shows staff-only items (管理項目);
 * `records.cancel` cancels or reopens; `records.bulkChange` acts on a whole filter;
 * `records.bookOnBehalf` is 電話・窓口での代理予約; `staff.manage` creates and unlocks accounts; `orders.reconcile` asks the payment
 * provider about every order of a period; `records.notify` sends citizens a notice through LINE.
 *
 * An operator (外部委託) takes calls: reads, changes status, writes memos, cancels
 * and books by phone, but never sees staff-only items, refunds a payment (a paid booking is
 * cancelled by city staff), reads who else looked at a record (`audit.readRecord`: staff names and
 * addresses), exports, notifies citizens or acts on a whole filter. A guest only reads, staff-only items included.
 */
export const PERMISSIONS: Readonly<Record<StaffAction, readonly StaffRole[]>> = {
  'records.read': EVERY_ROLE,
  'records.readStaffOnly': ['administrator', 'admin', 'member', 'guest'],
  'records.changeStatus': OPERATOR_AND_ABOVE,
  'records.addMemo': OPERATOR_AND_ABOVE,
  'records.cancel': OPERATOR_AND_ABOVE,
  'records.refund': MEMBER_AND_ABOVE,
  'records.bulkChange': MEMBER_AND_ABOVE,
  'records.bookOnBehalf': OPERATOR_AND_ABOVE,
  'records.export': MEMBER_AND_ABOVE,
  'records.import': MEMBER_AND_ABOVE,
  'audit.readRecord': MEMBER_AND_ABOVE,
  'audit.readAll': ['administrator'],
  'surveys.edit': ['administrator', 'admin'],
  'calendars.edit': ['administrator', 'admin'],
  'settings.edit': ['administrator'],
  'staff.manage': ['administrator'],
  'orders.reconcile': ['administrator', 'admin'],
  'records.notify': MEMBER_AND_ABOVE,
};

/** Whether the role may take the action (the table above, nothing else). */
export function roleMay(role: StaffRole, action: StaffAction): boolean {
  return PERMISSIONS[action].includes(role);
}

/** Every action the role may take, for the console to show only what will be allowed. */
export function actionsOf(role: StaffRole): StaffAction[] {
  return STAFF_ACTIONS.filter((action) => roleMay(role, action));
}

/**
 * 403 `forbidden` unless the actor is a staff member whose role may take the action. Citizens
 * (their own records, checked where the record is read) and system jobs pass.
 */
export function requireRole(actor: Actor, action: StaffAction): void {
  if (actor.kind === 'staff' && !roleMay(actor.role, action)) throw new HttpError(403, 'forbidden', messages.staffForbidden);
}
