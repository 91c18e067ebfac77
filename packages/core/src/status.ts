import type { CheckStatus } from './types.js';

/** The status a record gets when the citizen cancels it. */
export const CANCELLED_CHECK_STATUS = 'キャンセル' satisfies CheckStatus;

/**
 * Statuses after which a record is closed: cancelled by the citizen (キャンセル) or withdrawn by
 * staff (取り消し). A closed record can no longer be changed or cancelled.
 */
export const CLOSED_CHECK_STATUSES = ['キャンセル', '取り消し'] as const satisfies readonly CheckStatus[];

/**
 * Whether a record with this status is closed (see {@link CLOSED_CHECK_STATUSES}).
 *
 * @example
 * ```ts
 * isClosedCheckStatus('キャンセル'); // true
 * isClosedCheckStatus('未対応'); // false
 * ```
 */
export function isClosedCheckStatus(check: string): boolean {
  return (CLOSED_CHECK_STATUSES as readonly string[]).includes(check);
}
