// The refusals of calendar administration as the staff member meets them: the server's 409 keeps
// its blockers and 400 its problems through the base query, and the screen lists them beside the
// action. Its audit entries are named in Japanese.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionLabel } from '../../lib/audit-text.js';
import { makeStore } from '../../store/make-store.js';
import { calendarAdminApi } from './calendar-admin-api.js';
import { Refusal } from '../../components/refusal.js';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

const refusedCapacity = {
  statusCode: 409,
  error: 'Conflict',
  code: 'capacity_below_booked',
  message: '定員が予約数を下回る枠が1件あります。定員は予約数以上にしてください。',
  blockers: [{ id: '2026-12-07|0900', label: '2026-12-07（月）09:00〜09:30 予約2人分' }],
};

describe('calendar administration’s refusals', () => {
  it('keep the bookings in the way, and show them beside the action with nothing changed', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(409, refusedCapacity))));
    const store = makeStore();
    const outcome = await store.dispatch(
      calendarAdminApi.endpoints.staffPutSlots.initiate({ calendarId: 'cal-hall-a', slots: [{ date: '2026-12-07', slotId: '0900', start: '09:00', end: '09:30', capacity: 1 }] }),
    );
    expect(outcome.error).toMatchObject({ status: 409, code: 'capacity_below_booked', blockers: refusedCapacity.blockers });

    render(<Refusal error={outcome.error} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(refusedCapacity.message);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['2026-12-07（月）09:00〜09:30 予約2人分']);
    expect(alert.textContent).toContain('何も変更していません。');
  });

  it('list a file’s problems by line and column', async () => {
    const problems = [
      { at: '3行目 2列目', message: '時刻は「09:00」の形で入力してください。' },
      { at: 'ファイル全体', message: '見出しの行がありません。' },
    ];
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(400, { statusCode: 400, error: 'Bad Request', code: 'invalid_file', message: 'ファイルに2件の問題があります。', problems }))));
    const store = makeStore();
    const outcome = await store.dispatch(calendarAdminApi.endpoints.staffPreviewCalendarFile.initiate({ fileName: 'broken.csv', contentBase64: '' }));
    render(<Refusal error={outcome.error} title="このファイルは取り込めません" />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['3行目 2列目：時刻は「09:00」の形で入力してください。', 'ファイル全体：見出しの行がありません。']);
    expect(screen.getByRole('alert').textContent).not.toContain('何も変更していません。');
  });

  it('shows nothing when there is no error', () => {
    const { container } = render(<Refusal error={undefined} />);
    expect(container.textContent).toBe('');
  });
});

describe('calendar administration in the audit log', () => {
  it('names its actions in Japanese', () => {
    expect(actionLabel('calendar.stop')).toBe('予約の停止');
    expect(actionLabel('calendar.generate')).toBe('週のパターンから予約枠を作成');
    expect(actionLabel('record.view')).toBe('回答の閲覧');
  });
});
