import { describe, expect, it } from 'vitest';
import { CANCELLED_CHECK_STATUS, CLOSED_CHECK_STATUSES, isClosedCheckStatus } from './status.js';
import { CHECK_STATUSES } from './types.js';

describe('closed statuses', () => {
  it('are キャンセル and 取り消し; a cancelled record is closed', () => {
    expect(CLOSED_CHECK_STATUSES).toEqual(['キャンセル', '取り消し']);
    expect(isClosedCheckStatus(CANCELLED_CHECK_STATUS)).toBe(true);
    expect(CHECK_STATUSES.filter(isClosedCheckStatus)).toEqual(['キャンセル', '取り消し']);
  });

  it('leave every other status open, and an unknown one too', () => {
    for (const check of ['未対応', '処理中', '処理済み', '完了', '', 'cancelled']) expect(isClosedCheckStatus(check), check).toBe(false);
  });
});
