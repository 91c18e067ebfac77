// The one permission table: what each staff role may do. Every staff route names its action and
// is refused (403) when the caller's role is not listed for it; the console only hides what this
// table refuses, it never decides. Where (which surveys) is the caller's teams', checked apart.

/** The earlier platform's roles, highest first. */
export const STAFF_ROLES = ['administrator', 'admin', 'member', 'operator', 'guest'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What staff do, one name per kind of call. */
export const STAFF_ACTIONS = [
  /** List a survey's records and read one (personal data: every read of a record is audited). */
  'records.read',
  /** See the answers of staff-only items (管理項目). */
  'records.readStaffOnly',
  /** Change a record's status, with a reason. */
  'records.changeStatus',
  /** Add a memo to a record. */
  'records.addMemo',
  /** Cancel a booking (frees the slot, refunds a paid order) or reopen a cancelled one. */
  'records.cancel',
  /** Change the status of every record a filter matches at once. */
  'records.bulkChange',
  /** Book on a citizen's behalf (電話・窓口での代理予約). */
  'records.bookOnBehalf',
  /** Export records (the export issue builds it; the table already says who may). */
  'records.export',
  /** Read the audit log of the whole system. */
  'audit.readAll',
  /** Create staff accounts and unlock locked ones. */
  'staff.manage',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

const EVERY_ROLE: readonly StaffRole[] = STAFF_ROLES;
const MEMBER_AND_ABOVE: readonly StaffRole[] = ['administrator', 'admin', 'member'];
const OPERATOR_AND_ABOVE: readonly StaffRole[] = ['administrator', 'admin', 'member', 'operator'];

/**
 * Role x action. An operator (外部委託) takes calls: reads, changes status, writes memos, cancels
 * and books by phone, but never sees staff-only items, exports or acts on a whole filter. A guest
 * only reads.
 */
export const PERMISSIONS: Readonly<Record<StaffAction, readonly StaffRole[]>> = {
  'records.read': EVERY_ROLE,
  'records.readStaffOnly': ['administrator', 'admin', 'member', 'guest'],
  'records.changeStatus': OPERATOR_AND_ABOVE,
  'records.addMemo': OPERATOR_AND_ABOVE,
  'records.cancel': OPERATOR_AND_ABOVE,
  'records.bulkChange': MEMBER_AND_ABOVE,
  'records.bookOnBehalf': OPERATOR_AND_ABOVE,
  'records.export': MEMBER_AND_ABOVE,
  'audit.readAll': ['administrator'],
  'staff.manage': ['administrator'],
};

/** Whether the role may take the action (the table above, nothing else). */
export function roleMay(role: StaffRole, action: StaffAction): boolean {
  return PERMISSIONS[action].includes(role);
}

/** Every action the role may take, for the console to show only what will be allowed. */
export function actionsOf(role: StaffRole): StaffAction[] {
  return STAFF_ACTIONS.filter((action) => roleMay(role, action));
}
