import type { ApiClient, CalendarSlotsQuery } from '@city/api-client';
import { ApiError, BOOKING_ERROR_CODES } from '@city/api-client';
import type { CalendarCategory, CalendarCategoryTreeRoot, CalendarSlot, CalendarSlots, SubmissionPayload, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { addDaysToDate, buildSurveyResultRows } from '@city/survey-core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openSignedInApp, testServices } from '../../test/render-with-providers.js';
import { cancelChosen } from '../features/records/records-slice.js';

// Each test walks the whole app through several lazily loaded screens: on a loaded two-core CI
// machine one walk takes seconds, within the component tests' shared limit (tooling/vitest).

// The calendar screens in the app's own routes, over a fake API shaped like the demo: the health
// check-up books in 特定健診, whose venues each have a calendar of four slots of 5 a day.
const checkup: SurveyConfig = {
  surveyId: 'health-checkup',
  surveyTitle: '健康診断のご予約',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true },
    { itemKey: 'slot', type: 'reservation', title: '予約日時', categoryId: 'checkup', required: true },
  ],
};
const categories: CalendarCategory[] = [
  { categoryId: 'health', tag1: '健康診断' },
  { categoryId: 'checkup', tag1: '健康診断', tag2: '特定健診' },
  { categoryId: 'checkup-central', tag1: '健康診断', tag2: '特定健診', tag3: '中央保健センター', calendarId: 'cal-checkup-central' },
  { categoryId: 'checkup-north', tag1: '健康診断', tag2: '特定健診', tag3: '北部公民館', calendarId: 'cal-checkup-north' },
];
const tree: CalendarCategoryTreeRoot[] = [
  {
    name: '健康診断',
    categoryId: 'health',
    children: [
      {
        name: '特定健診',
        categoryId: 'checkup',
        children: [
          { name: '中央保健センター', categoryId: 'checkup-central' },
          { name: '北部公民館', categoryId: 'checkup-north' },
        ],
      },
    ],
  },
];
/** The server's today in Japan: a Monday. The test clock (2026-11-22 10:00 in Japan) is a day behind. */
const TODAY = '2026-11-23';
const TIMES = [
  { slotId: '1', start: '09:00', end: '10:00' },
  { slotId: '2', start: '10:00', end: '11:00' },
];

/** A fake server: slots with what is left, changed by the test (another citizen's booking). */
function fakeCalendarApi(options: { changeClosesDays?: number; bookingStopped?: boolean } = {}) {
  const taken = new Map<string, number>();
  const key = (date: string, slotId: string) => `${date}|${slotId}`;
  const getCalendarSlots = vi.fn((query: CalendarSlotsQuery) => {
    const slots: CalendarSlot[] = [];
    for (let date = query.from; date <= query.to; date = addDaysToDate(date, 1)) {
      for (const time of TIMES) {
        const status = date <= TODAY || options.bookingStopped === true ? 'closed' : 'open';
        slots.push({ ...time, date, capacity: 5, left: 5 - (taken.get(key(date, time.slotId)) ?? 0), status });
      }
    }
    const data: CalendarSlots = {
      calendarId: query.calendarId,
      categoryId: categories.find((category) => category.calendarId === query.calendarId)?.categoryId ?? '',
      rules: {
        bookingOpensDaysAhead: 60,
        bookingClosesBefore: { unit: 'days', amount: 1 },
        changeClosesBefore: { unit: 'days', amount: options.changeClosesDays ?? 1 },
        ...(options.bookingStopped === true ? { bookingStopped: true } : {}),
      },
      today: TODAY,
      closedDays: [],
      slots,
    };
    return Promise.resolve({ data });
  });
  return {
    take: (date: string, slotId: string, units: number) => taken.set(key(date, slotId), (taken.get(key(date, slotId)) ?? 0) + units),
    getCalendarSlots,
    api: {
      getSurveyConfig: () => Promise.resolve({ data: checkup }),
      querySurveyResults: () => Promise.resolve({ data: [], records: [] }),
      getCalendarCategories: () => Promise.resolve({ data: categories }),
      getCalendarCategoriesTree: () => Promise.resolve({ data: tree }),
      getCalendarDisplaySettings: () => Promise.resolve({ data: { categoryLabels: { tag1: '大分類', tag2: '中分類', tag3: '会場' } } }),
      getCalendarSlots,
      // No limit reached unless a test says so.
      getBookingLimits: () => Promise.resolve({ data: [] }),
      // Nothing of this survey is paid for.
      getOrders: () => Promise.resolve({ data: [] }),
    } satisfies Partial<ApiClient>,
  };
}

function openApp(path: string, api: Partial<ApiClient>) {
  return openSignedInApp(path, testServices({ api }));
}

const slotButton = (name: string) => screen.findByRole('button', { name });

describe('choosing a slot from the survey form', () => {
  it('picks the venue below the item’s category, shows the week from the server’s today, and returns with every answer kept', async () => {
    const calendar = fakeCalendarApi();
    const { router } = openApp('/survey/health-checkup', calendar.api);
    await userEvent.type(await screen.findByLabelText(/^お名前/), '山田 太郎');
    await userEvent.click(screen.getByRole('button', { name: '予約枠を選ぶ' }));

    // The item books in 特定健診: the next level's label comes from the display settings.
    expect(await screen.findByRole('heading', { name: '会場を選んでください' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/calendar');
    await userEvent.click(screen.getByRole('button', { name: '北部公民館' }));

    expect(await screen.findByRole('heading', { name: '北部公民館' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/calendar/cal-checkup-north');
    // The week starts on the server's today, not the device's; today is past the booking deadline.
    expect((await slotButton('11月23日（月）09:00〜10:00 受付期間外')).hasAttribute('disabled')).toBe(true);
    await vi.waitFor(() => {
      // One call: a day either side of the device's week (it counts 11月22日 as today).
      expect(calendar.getCalendarSlots.mock.calls).toEqual([[{ calendarId: 'cal-checkup-north', from: '2026-11-21', to: '2026-11-29' }]]);
    }, { timeout: 15_000 });
    // No week before this one.
    expect(screen.queryByRole('button', { name: /前の週/ })).toBeNull();
    await userEvent.click(await slotButton('11月24日（火）10:00〜11:00 空きあり（残り5）'));

    expect(router.state.location.pathname).toBe('/survey/health-checkup');
    expect((await screen.findByLabelText<HTMLInputElement>(/^お名前/)).value).toBe('山田 太郎');
    expect(await screen.findByText('選択中の予約枠: 11月24日（火）10:00〜11:00 北部公民館')).toBeTruthy();
  });

  it('says where the citizen holds the most bookings allowed on the form, the venues and the week, where no slot can then be chosen', async () => {
    const calendar = fakeCalendarApi();
    const getBookingLimits = vi.fn(({ categoryId }: { categoryId: string }) =>
      Promise.resolve({ data: [{ calendarId: 'cal-checkup-central', categoryId: 'checkup-central', maxActiveBookingsPerUser: 3, activeBookings: 3 }].filter(() => categoryId === 'checkup' || categoryId === 'checkup-central') }),
    );
    openApp('/survey/health-checkup', { ...calendar.api, getBookingLimits });
    const onForm = '次の場所では、お一人が予約できる件数の上限に達しているため、新しく予約できません（中央保健センター：お一人3件まで）。ご予約済みのいずれかをキャンセルすると、予約できるようになります。';
    expect(await screen.findByText(onForm)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '予約枠を選ぶ' }));
    expect(await screen.findByRole('heading', { name: '会場を選んでください' })).toBeTruthy();
    expect(await screen.findByText(onForm)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '中央保健センター' }));
    expect(await screen.findByText('ここでは、お一人3件まで予約できます。すでに3件のご予約があるため、新しく予約できません。ご予約済みのいずれかをキャンセルすると、予約できるようになります。')).toBeTruthy();
    await vi.waitFor(async () => {
      expect((await slotButton('11月24日（火）10:00〜11:00 空きあり（残り5）')).hasAttribute('disabled')).toBe(true);
    }, { timeout: 15_000 });
    // Another venue has room for one more.
    await userEvent.click(screen.getByRole('link', { name: '場所を選び直す' }));
    await userEvent.click(await screen.findByRole('button', { name: '北部公民館' }));
    expect((await slotButton('11月24日（火）10:00〜11:00 空きあり（残り5）')).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(/上限/)).toBeNull();
  });

  it('shows the next week and back, and a slot without enough units cannot be chosen', async () => {
    const calendar = fakeCalendarApi();
    calendar.take('2026-11-24', '1', 5);
    openApp('/survey/health-checkup', calendar.api);
    await userEvent.click(await screen.findByRole('button', { name: '予約枠を選ぶ' }));
    await userEvent.click(await screen.findByRole('button', { name: '中央保健センター' }));
    expect((await slotButton('11月24日（火）09:00〜10:00 満員')).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: /次の週/ }));
    expect(await slotButton('11月30日（月）09:00〜10:00 空きあり（残り5）')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /11月29日/ })).toBeNull();
    expect(calendar.getCalendarSlots).toHaveBeenLastCalledWith({ calendarId: 'cal-checkup-central', from: '2026-11-28', to: '2026-12-06' });
    await userEvent.click(screen.getByRole('button', { name: /前の週/ }));
    expect(await slotButton('11月24日（火）09:00〜10:00 満員')).toBeTruthy();
  });
});

describe('a week opened by its address, with no reservation in hand', () => {
  it('shows the week to look at: its place and slots, none to choose, and how to book; nothing of the citizen is asked for', async () => {
    const calendar = fakeCalendarApi();
    const getWaitlist = vi.fn(() => Promise.resolve({ data: { open: true, places: [] } }));
    const getLottery = vi.fn(() => Promise.resolve({ data: { lottery: null, applications: [] } }));
    const getBookingLimits = vi.fn(() => Promise.resolve({ data: [] }));
    openApp('/calendar/cal-checkup-central', { ...calendar.api, getWaitlist, getLottery, getBookingLimits });
    // With no item to book below, the place by its whole path.
    expect(await screen.findByRole('heading', { name: '健康診断 特定健診 中央保健センター' })).toBeTruthy();
    expect(screen.getByText('空き状況のご案内です。予約するには、アンケートの画面で「予約枠を選ぶ」を押して、日時を選んでください。')).toBeTruthy();
    expect((await slotButton('11月24日（火）10:00〜11:00 空きあり（残り5）')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('link', { name: 'アンケート一覧へ' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'アンケートに戻る' })).toBeNull();
    // The next week comes all the same.
    await userEvent.click(screen.getByRole('button', { name: /次の週/ }));
    expect(await slotButton('11月30日（月）09:00〜10:00 空きあり（残り5）')).toBeTruthy();
    expect(getWaitlist).not.toHaveBeenCalled();
    expect(getLottery).not.toHaveBeenCalled();
    expect(getBookingLimits).not.toHaveBeenCalled();
  });
});

describe('a calendar whose bookings staff stopped (予約停止)', () => {
  it('says so instead of asking to choose, and no slot can be chosen', async () => {
    const calendar = fakeCalendarApi({ bookingStopped: true });
    openApp('/survey/health-checkup', calendar.api);
    await userEvent.click(await screen.findByRole('button', { name: '予約枠を選ぶ' }));
    await userEvent.click(await screen.findByRole('button', { name: '北部公民館' }));
    expect(await screen.findByText('現在、この予約の受付を停止しています。再開までお待ちください。すでにされた予約はそのまま有効です。')).toBeTruthy();
    expect(screen.queryByText('予約する日時を選んでください。○・△の日時が予約できます。')).toBeNull();
    expect((await slotButton('11月24日（火）10:00〜11:00 受付期間外')).hasAttribute('disabled')).toBe(true);
  });
});

describe('a slot lost to another citizen', () => {
  it('says so, clears the slot, keeps the other answers and shows the calendar with fresh counts', async () => {
    const calendar = fakeCalendarApi();
    const putReservation = vi.fn((_payload: SubmissionPayload) =>
      Promise.resolve(
        new ApiError('選んだ予約枠は満員になりました。', {
          code: BOOKING_ERROR_CODES.slotFull,
          status: 409,
          body: { statusCode: 409, error: 'Conflict', code: BOOKING_ERROR_CODES.slotFull, message: '選んだ予約枠は満員になりました。', fields: { slot: '満員です' } },
        }),
      ),
    );
    calendar.take('2026-11-24', '2', 4);
    const { router, store } = openApp('/survey/health-checkup', { ...calendar.api, putReservation });
    await userEvent.type(await screen.findByLabelText(/^お名前/), '山田 太郎');
    await userEvent.click(screen.getByRole('button', { name: '予約枠を選ぶ' }));
    await userEvent.click(await screen.findByRole('button', { name: '中央保健センター' }));
    await userEvent.click(await slotButton('11月24日（火）10:00〜11:00 残りわずか（残り1）'));
    await userEvent.click(await screen.findByRole('button', { name: '確認する' }));
    expect(await screen.findByText('11月24日（火）10:00〜11:00 中央保健センター')).toBeTruthy();
    // Someone else takes the last unit before 送信する.
    calendar.take('2026-11-24', '2', 1);
    const callsBefore = calendar.getCalendarSlots.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: '送信する' }));

    expect(await screen.findByText('選択された日時は、ほかの方の予約で満員になりました。別の日時をお選びください。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/calendar/cal-checkup-central');
    expect((await slotButton('11月24日（火）10:00〜11:00 満員')).hasAttribute('disabled')).toBe(true);
    expect(calendar.getCalendarSlots.mock.calls.length).toBeGreaterThan(callsBefore);
    expect(store.getState().survey.surveyInput).toEqual({ name: '山田 太郎' });
    // Choosing again ends the message and returns to the form.
    await userEvent.click(await slotButton('11月24日（火）09:00〜10:00 空きあり（残り5）'));
    expect(await screen.findByText('選択中の予約枠: 11月24日（火）09:00〜10:00 中央保健センター')).toBeTruthy();
  });
});

describe('a slot lost during an edit', () => {
  it('says the chosen slot was taken and puts back the booking being changed, not an empty answer', async () => {
    const calendar = fakeCalendarApi();
    const slotFull = new ApiError('選んだ予約枠は満員になりました。', {
      code: BOOKING_ERROR_CODES.slotFull,
      status: 409,
      body: { statusCode: 409, error: 'Conflict', code: BOOKING_ERROR_CODES.slotFull, message: '選んだ予約枠は満員になりました。', fields: { slot: '満員です' } },
    });
    const putReservation = vi.fn((_payload: SubmissionPayload) => Promise.resolve(slotFull));
    const { router, store } = await openDetails({ ...calendar.api, putReservation });
    await userEvent.click(await screen.findByRole('button', { name: '予約日時を変更する' }));
    await userEvent.click(await slotButton('11月25日（水）09:00〜10:00 空きあり（残り5）'));
    await userEvent.click(await screen.findByRole('button', { name: '確認する' }));
    expect(await screen.findByText('11月25日（水）09:00〜10:00 中央保健センター')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '送信する' }));

    expect(await screen.findByText('選択された日時は、ほかの方の予約で満員になりました。別の日時をお選びください。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/calendar/cal-checkup-central');
    // The booking in the record (11月24日 10:00) is the answer again, shown chosen, still an edit.
    expect(store.getState().survey.surveyInput).toEqual({ name: '山田 太郎', slot: 'checkup-central|2026-11-24|2' });
    expect(store.getState().survey.inEditingAppendingMode).toBe(true);
    expect((await slotButton('11月24日（火）10:00〜11:00 空きあり（残り5）')).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('another booking refusal', () => {
  it('shows the server’s message on the confirm screen and keeps the answers and the slot', async () => {
    const calendar = fakeCalendarApi();
    const message = 'この予約カレンダーでご予約いただけるのは3件までです。';
    const putReservation = vi.fn(() =>
      Promise.resolve(
        new ApiError(message, {
          code: BOOKING_ERROR_CODES.bookingLimitReached,
          status: 409,
          body: { statusCode: 409, error: 'Conflict', code: BOOKING_ERROR_CODES.bookingLimitReached, message },
        }),
      ),
    );
    const { router, store } = openApp('/survey/health-checkup', { ...calendar.api, putReservation });
    await userEvent.type(await screen.findByLabelText(/^お名前/), '山田 太郎');
    await userEvent.click(screen.getByRole('button', { name: '予約枠を選ぶ' }));
    await userEvent.click(await screen.findByRole('button', { name: '中央保健センター' }));
    await userEvent.click(await slotButton('11月24日（火）09:00〜10:00 空きあり（残り5）'));
    await userEvent.click(await screen.findByRole('button', { name: '確認する' }));
    await userEvent.click(await screen.findByRole('button', { name: '送信する' }));

    expect(await screen.findByText(message)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/confirm/health-checkup');
    expect(store.getState().survey.surveyInput).toEqual({ name: '山田 太郎', slot: 'checkup-central|2026-11-24|1' });
  });
});

/** A stored booking of 山田 in 中央保健センター on 11月24日 10:00. */
function bookedRows(): SurveyResultRow[] {
  return buildSurveyResultRows({ config: checkup, userId: 'U1', answers: { name: '山田 太郎', slot: 'checkup-central|2026-11-24|2' }, now: 1_000 });
}

async function openDetails(api: Partial<ApiClient>) {
  const opened = openApp('/confirmList/health-checkup', { ...api, querySurveyResults: () => Promise.resolve({ data: bookedRows(), records: [] }) });
  const record = await screen.findByRole('article');
  await vi.waitFor(() => {
    expect(within(record).getByText('中央保健センター')).toBeTruthy();
  }, { timeout: 15_000 });
  await userEvent.click(within(record).getByRole('button', { name: /詳しく見る/ }));
  await screen.findByRole('heading', { name: '送信した内容の詳細' });
  return opened;
}

describe('a booking on the details screen', () => {
  it('shows date with weekday, time and place, and before the deadline changes the slot through the calendar as an edit', async () => {
    const calendar = fakeCalendarApi();
    const { router, store } = await openDetails(calendar.api);
    const summary = document.querySelector('.city-booking');
    expect(summary?.textContent).toContain('11月24日（火）10:00〜11:00');
    expect(summary?.textContent).toContain('中央保健センター');
    expect(summary?.textContent).toContain('特定健診');

    await userEvent.click(await screen.findByRole('button', { name: '予約日時を変更する' }));
    // The booked slot is shown chosen.
    expect((await slotButton('11月24日（火）10:00〜11:00 空きあり（残り5）')).getAttribute('aria-pressed')).toBe('true');
    expect(router.state.location.pathname).toBe('/calendar/cal-checkup-central');
    await userEvent.click(await slotButton('11月25日（水）09:00〜10:00 空きあり（残り5）'));
    expect(router.state.location.pathname).toBe('/survey/health-checkup');
    expect(await screen.findByText(/送信済みの内容を変更しています/)).toBeTruthy();
    expect(store.getState().survey.inEditingAppendingMode).toBe(true);
    expect(store.getState().survey.surveyInput).toEqual({ name: '山田 太郎', slot: 'checkup-central|2026-11-25|1' });
  });

  it('marks a cancelled booking as cancelled on the list card, the details and the cancel confirmation', async () => {
    const calendar = fakeCalendarApi();
    const rows = bookedRows().map((row) => ({ ...row, check: 'キャンセル' as const }));
    const closedLine = 'この予約はキャンセルされました。';
    // The list card.
    const { router, store } = openApp('/confirmList/health-checkup', { ...calendar.api, querySurveyResults: () => Promise.resolve({ data: rows, records: [] }) });
    const record = await screen.findByRole('article');
    expect(await within(record).findByText(closedLine)).toBeTruthy();
    expect(within(record).getByText('11月24日（火）10:00〜11:00')).toBeTruthy();

    await userEvent.click(within(record).getByRole('button', { name: /詳しく見る/ }));
    await screen.findByRole('heading', { name: '送信した内容の詳細' });
    expect(await screen.findByText(closedLine)).toBeTruthy();
    expect(document.querySelector('.app-booking--closed .city-booking')?.textContent).toContain('11月24日（火）10:00〜11:00');

    // The cancel confirmation of a record closed meanwhile (say, withdrawn while its details were open).
    const picked = store.getState().records?.selectedRecordKey;
    if (picked === null || picked === undefined) throw new Error('No record picked.');
    store.dispatch(cancelChosen(picked));
    await router.navigate('/cancelConfirm/health-checkup');
    await screen.findByRole('heading', { name: 'キャンセルの確認' });
    expect(await screen.findByText(closedLine)).toBeTruthy();
    expect(document.querySelector('.app-booking--closed .city-booking')?.textContent).toContain('中央保健センター');
  });

  it('shows an open booking without the cancelled mark', async () => {
    await openDetails(fakeCalendarApi().api);
    await vi.waitFor(() => {
      expect(document.querySelector('.city-booking')?.textContent).toContain('11月24日（火）10:00〜11:00');
    }, { timeout: 15_000 });
    expect(screen.queryByText('この予約はキャンセルされました。')).toBeNull();
    expect(document.querySelector('.app-booking--closed')).toBeNull();
  });

  it('after the deadline, says why and offers neither a change of slot nor a cancel', async () => {
    // Changes close 3 days before: for 11月24日 that passed on 11月21日 (the test clock is 11月22日).
    const calendar = fakeCalendarApi({ changeClosesDays: 3 });
    await openDetails(calendar.api);
    expect(await screen.findByText('変更・キャンセルの受付は終了しました（予約日の3日前まで）。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '予約日時を変更する' })).toBeNull();
    expect(screen.getByRole('button', { name: 'キャンセルする' }).hasAttribute('disabled')).toBe(true);

    // The other answers can still be changed; the slot is shown, not changeable, and says why.
    await userEvent.click(screen.getByRole('button', { name: '内容を変更する' }));
    expect(await screen.findByText('変更・キャンセルの受付は終了しました（予約日の3日前まで）。')).toBeTruthy();
    expect(await screen.findByText('選択中の予約枠: 11月24日（火）10:00〜11:00 中央保健センター')).toBeTruthy();
    expect(screen.getByRole('button', { name: '予約枠を変更する' }).hasAttribute('disabled')).toBe(true);
  });
});
