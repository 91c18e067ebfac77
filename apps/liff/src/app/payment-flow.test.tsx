import type { ApiClient, CalendarSlotsQuery, OrderStatus, OrderView, TemporaryReservation } from '@city/api-client';
import { ApiError, BOOKING_ERROR_CODES, PAYMENT_ERROR_CODES } from '@city/api-client';
import type { CalendarCategory, CalendarCategoryTreeRoot, CalendarSlot, SubmissionPayload, SurveyConfig } from '@city/survey-core';
import { addDaysToDate, buildSurveyResultRows } from '@city/survey-core';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, openSignedInApp, testServices } from '../../test/render-with-providers.js';
import { PAYMENT_IN_PROGRESS_KEY, savePaymentInProgress } from '../lib/payment-return.js';
import type { AppServices } from '../store/services.js';

// Each test walks the whole app through several lazily loaded screens: on a loaded two-core CI
// machine one walk takes seconds, within the component tests' shared limit (tooling/vitest).

// Paying for a booking, in the app's own routes over a fake API shaped like the demo's
// 健康診断のご予約: a slot in 中央保健センター, the required fee and an optional blood test.
const checkup: SurveyConfig = {
  surveyId: 'health-checkup',
  surveyTitle: '健康診断のご予約',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true },
    { itemKey: 'slot', type: 'reservation', title: '予約日時', categoryId: 'checkup', required: true },
    { itemKey: 'fee', type: 'selectProducts', title: '受診料', required: true, products: [{ productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, maxQuantity: 1 }] },
    { itemKey: 'options', type: 'selectProducts', title: '追加の検査', products: [{ productId: 'blood-test', name: '追加血液検査', unitPrice: 800, maxQuantity: 1 }] },
  ],
};
const categories: CalendarCategory[] = [
  { categoryId: 'checkup', tag1: '健康診断', tag2: '特定健診' },
  { categoryId: 'checkup-central', tag1: '健康診断', tag2: '特定健診', tag3: '中央保健センター', calendarId: 'cal-checkup-central' },
];
const tree: CalendarCategoryTreeRoot[] = [
  { name: '健康診断', categoryId: 'health', children: [{ name: '特定健診', categoryId: 'checkup', children: [{ name: '中央保健センター', categoryId: 'checkup-central' }] }] },
];
const TODAY = '2026-11-23';
const ORDER_ID = '0123456789abcdef0123456789abcdef';
const PAYMENT_URL = 'http://127.0.0.1:1/__dev/payments/sandbox/checkout/cs_1';

/** 山田's record, held for the order: 中央保健センター on 11月24日 10:00. */
const PARTITION_KEY = 'health-checkup#U1#1000';
const rows = buildSurveyResultRows({ config: checkup, userId: 'U1', answers: { name: '山田 太郎', slot: 'checkup-central|2026-11-24|2', fee: ['checkup-fee'] }, now: 1_000 });

function orderOf(status: OrderStatus, more: Partial<OrderView> = {}): OrderView {
  return {
    orderId: ORDER_ID,
    surveyId: 'health-checkup',
    partitionKey: PARTITION_KEY,
    receiptNumber: 'K7Q-4M2X',
    status,
    total: 1500,
    lines: [{ productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, quantity: 1, subtotal: 1500 }],
    holdExpiresAt: Date.UTC(2026, 10, 22, 1, 35),
    createdAt: Date.UTC(2026, 10, 22, 1, 0),
    issuer: { name: 'デモ市 保健福祉課', address: '東京都デモ市中央1-1-1', registrationNumber: 'T1234567890123', proviso: '健康診断 受診料として' },
    ...(status === 'pending' ? { paymentUrl: PAYMENT_URL } : {}),
    ...(status === 'paid' || status === 'refunded' ? { paymentMethod: 'card', paidAt: Date.UTC(2026, 10, 22, 1, 5) } : {}),
    ...more,
  };
}

function calendarApi() {
  const getCalendarSlots = (query: CalendarSlotsQuery) => {
    const slots: CalendarSlot[] = [];
    for (let date = query.from; date <= query.to; date = addDaysToDate(date, 1)) {
      slots.push({ slotId: '1', start: '09:00', end: '10:00', date, capacity: 5, left: 5, status: date <= TODAY ? 'closed' : 'open' });
      slots.push({ slotId: '2', start: '10:00', end: '11:00', date, capacity: 5, left: 5, status: date <= TODAY ? 'closed' : 'open' });
    }
    const rules = { bookingOpensDaysAhead: 60, bookingClosesBefore: { unit: 'days', amount: 1 }, changeClosesBefore: { unit: 'days', amount: 1 } } as const;
    return Promise.resolve({ data: { calendarId: query.calendarId, categoryId: 'checkup-central', rules, today: TODAY, closedDays: [], slots } });
  };
  return {
    getSurveyConfig: () => Promise.resolve({ data: checkup }),
    querySurveyResults: () => Promise.resolve({ data: rows, records: [] }),
    getCalendarCategories: () => Promise.resolve({ data: categories }),
    getCalendarCategoriesTree: () => Promise.resolve({ data: tree }),
    getCalendarDisplaySettings: () => Promise.resolve({ data: { categoryLabels: { tag1: '大分類', tag2: '中分類', tag3: '会場' } } }),
    getCalendarSlots,
    getBookingLimits: () => Promise.resolve({ data: [] }),
  } satisfies Partial<ApiClient>;
}

function openApp(path: string, api: Partial<ApiClient>, services: Partial<Omit<AppServices, 'api'>> = {}) {
  const navigateAway = vi.fn<(url: string) => void>();
  const all = testServices({ navigateAway, ...services, api: { ...calendarApi(), ...api } });
  return { ...openSignedInApp(path, all), services: all, navigateAway };
}

/** Answers the form (name, the slot, the fee and, if asked, the blood test) and opens the confirm screen. */
async function fillAndConfirm(options: { bloodTest?: boolean } = {}) {
  await userEvent.type(await screen.findByLabelText(/^お名前/), '山田 太郎');
  await userEvent.click(screen.getByRole('button', { name: '予約枠を選ぶ' }));
  await userEvent.click(await screen.findByRole('button', { name: '中央保健センター' }));
  await userEvent.click(await screen.findByRole('button', { name: '11月24日（火）10:00〜11:00 空きあり（残り5）' }));
  await userEvent.click(await screen.findByRole('button', { name: '特定健診 受診料を1つ増やす' }));
  if (options.bloodTest === true) await userEvent.click(screen.getByRole('button', { name: '追加血液検査を1つ増やす' }));
  await userEvent.click(screen.getByRole('button', { name: '確認する' }));
}

const hold = (): Promise<{ data: TemporaryReservation }> =>
  Promise.resolve({ data: { holdId: ORDER_ID, expiresAt: Date.UTC(2026, 10, 22, 1, 35), total: 2300, partitionKey: PARTITION_KEY, receiptNumber: 'K7Q-4M2X', paymentUrl: PAYMENT_URL } });

const refusal = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new ApiError(message, { code, status, body: { statusCode: status, error: 'Error', code, message, ...(fields === undefined ? {} : { fields }) } });

afterEach(() => {
  vi.restoreAllMocks();
});

/** What a screen shows beside a title in its lists of facts (`<dt>` then `<dd>`). */
const shownAnswer = (title: string) => screen.getByText(title, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the confirm screen of answers that buy something', () => {
  it('shows the priced order, holds with temprary under the submission’s key (returning into LINE) and goes to the payment page', async () => {
    const putTemporaryReservation = vi.fn((_payload: SubmissionPayload, _options?: { idempotencyKey?: string; returnTo?: string }) => hold());
    const putReservation = vi.fn();
    const { services, navigateAway } = openApp('/survey/health-checkup', { putTemporaryReservation, putReservation }, { inLiff: true });
    await fillAndConfirm({ bloodTest: true });

    const order = await screen.findByRole('table', { name: 'ご注文内容' });
    expect(within(order).getByText('合計 ¥2,300（税込）')).toBeTruthy();
    expect(within(order).getByRole('row', { name: /追加血液検査/ }).textContent).toContain('¥800');
    await userEvent.click(screen.getByRole('button', { name: 'お支払いへ進む' }));

    await vi.waitFor(() => {
      expect(navigateAway).toHaveBeenCalledWith(PAYMENT_URL);
    }, { timeout: 15_000 });
    expect(putReservation).not.toHaveBeenCalled();
    const [payload, options] = putTemporaryReservation.mock.calls[0] ?? [];
    expect(payload?.order).toEqual({ items: [{ productId: 'checkup-fee', quantity: 1 }, { productId: 'blood-test', quantity: 1 }] });
    expect(options?.returnTo).toBe('liff');
    expect(options?.idempotencyKey).toMatch(/.{8,}/);
    expect(JSON.parse(services.storage.getItem(PAYMENT_IN_PROGRESS_KEY) ?? 'null')).toEqual({
      orderId: ORDER_ID,
      surveyId: 'health-checkup',
      partitionKey: PARTITION_KEY,
      receiptNumber: 'K7Q-4M2X',
    });
    // The page is being left: nothing can be sent twice meanwhile.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'お支払いのページへ移動しています…' }).disabled).toBe(true);
    // Back from the provider's page out of the browser's cache: it can be sent again (the same hold).
    const restored = new Event('pageshow');
    Object.defineProperty(restored, 'persisted', { value: true });
    window.dispatchEvent(restored);
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'お支払いへ進む' })).disabled).toBe(false);
  });

  it('sends the same Idempotency-Key again after a failure, and no returnTo outside LINE', async () => {
    const putTemporaryReservation = vi
      .fn<(payload: SubmissionPayload, options?: { idempotencyKey?: string; returnTo?: string }) => Promise<{ data: TemporaryReservation }>>()
      .mockRejectedValueOnce(new ApiError('Network Error', { code: 'ERR_NETWORK' }))
      .mockImplementation(hold);
    const { navigateAway } = openApp('/survey/health-checkup', { putTemporaryReservation });
    await fillAndConfirm();
    await userEvent.click(await screen.findByRole('button', { name: 'お支払いへ進む' }));
    expect(await screen.findByText('通信できませんでした。電波の良いところで、もう一度お試しください。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'お支払いへ進む' }));
    await vi.waitFor(() => {
      expect(navigateAway).toHaveBeenCalledWith(PAYMENT_URL);
    }, { timeout: 15_000 });
    const [first, second] = putTemporaryReservation.mock.calls;
    expect(second?.[1]?.idempotencyKey).toBe(first?.[1]?.idempotencyKey);
    expect(first?.[1]).toBeDefined();
    expect(first?.[1]?.returnTo).toBeUndefined();
  });

  it('returns to the calendar when the slot filled before the hold (409 slot_full), as putItem does', async () => {
    const putTemporaryReservation = vi.fn(() => Promise.reject(refusal(409, BOOKING_ERROR_CODES.slotFull, '選んだ予約枠は満員になりました。', { slot: '満員です' })));
    const { router, store, navigateAway } = openApp('/survey/health-checkup', { putTemporaryReservation });
    await fillAndConfirm();
    await userEvent.click(await screen.findByRole('button', { name: 'お支払いへ進む' }));
    expect(await screen.findByText('選択された日時は、ほかの方の予約で満員になりました。別の日時をお選びください。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/calendar/cal-checkup-central');
    expect(store.getState().survey.surveyInput).toEqual({ name: '山田 太郎', fee: ['checkup-fee'] });
    expect(navigateAway).not.toHaveBeenCalled();
  });

  it('says nothing was booked when the payment provider cannot be reached (503 payment_unavailable)', async () => {
    const putTemporaryReservation = vi.fn(() => Promise.reject(refusal(503, PAYMENT_ERROR_CODES.paymentUnavailable, '決済サービスに接続できません。')));
    const { router, navigateAway } = openApp('/survey/health-checkup', { putTemporaryReservation });
    await fillAndConfirm();
    await userEvent.click(await screen.findByRole('button', { name: 'お支払いへ進む' }));
    expect(await screen.findByText('お支払いの手続きを始められませんでした。予約はされていません。時間をおいて、もう一度お試しください。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/confirm/health-checkup');
    expect(navigateAway).not.toHaveBeenCalled();
  });

  it('shows the server’s own message for another refusal', async () => {
    const message = '選択された商品は購入できません。';
    openApp('/survey/health-checkup', { putTemporaryReservation: () => Promise.reject(refusal(400, PAYMENT_ERROR_CODES.invalidOrder, message)) });
    await fillAndConfirm();
    await userEvent.click(await screen.findByRole('button', { name: 'お支払いへ進む' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

describe('the return from the payment provider (/completedPayment/{id})', () => {
  it('shows a paid order: the booking, the amounts and a link to the receipt', async () => {
    const { router } = openApp(`/completedPayment/${ORDER_ID}`, { getOrder: () => Promise.resolve({ data: orderOf('paid') }) });
    expect(await screen.findByRole('heading', { name: 'お支払いが完了しました' })).toBeTruthy();
    expect(screen.getByTestId('receipt-number').textContent).toBe('K7Q-4M2X');
    expect(await screen.findByText('11月24日（火）10:00〜11:00')).toBeTruthy();
    expect(screen.getByText('合計 ¥1,500（税込）')).toBeTruthy();
    expect(screen.getByText('お支払い: 支払い済み', { exact: false })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: '領収書を見る' }));
    expect(await screen.findByRole('region', { name: '領収書' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(`/receipt?order=${ORDER_ID}`);
  });

  it('asks again while the order is pending (the return is no proof), then shows it paid', async () => {
    const answers = [orderOf('pending'), orderOf('pending'), orderOf('paid')];
    const getOrder = vi.fn(() => Promise.resolve({ data: answers.shift() ?? orderOf('paid') }));
    const wait = vi.fn((_ms: number) => Promise.resolve());
    openApp(`/completedPayment/${ORDER_ID}`, { getOrder }, { wait });
    expect(await screen.findByRole('heading', { name: 'お支払いが完了しました' })).toBeTruthy();
    expect(getOrder).toHaveBeenCalledTimes(3);
    expect(getOrder).toHaveBeenCalledWith(ORDER_ID);
    // Waiting longer between asks.
    expect(wait.mock.calls.map(([ms]) => ms)).toEqual([1000, 1500]);
  });

  it('after about 30 seconds still pending, says the payment is being confirmed and offers 再読み込み', async () => {
    let paid = false;
    const getOrder = vi.fn(() => Promise.resolve({ data: orderOf(paid ? 'paid' : 'pending') }));
    const wait = vi.fn((_ms: number) => Promise.resolve());
    openApp(`/completedPayment/${ORDER_ID}`, { getOrder }, { wait });
    expect(await screen.findByText(/お支払いの確認に時間がかかっています/)).toBeTruthy();
    const waited = wait.mock.calls.reduce((sum, [ms]) => sum + ms, 0);
    expect(waited).toBeGreaterThanOrEqual(25_000);
    expect(waited).toBeLessThanOrEqual(35_000);
    expect(screen.queryByRole('heading', { name: 'お支払いが完了しました' })).toBeNull();
    paid = true;
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByRole('heading', { name: 'お支払いが完了しました' })).toBeTruthy();
  });

  it('says a payment whose slot could not be kept when it was confirmed is refunded, and nothing was booked', async () => {
    openApp(`/completedPayment/${ORDER_ID}`, { getOrder: () => Promise.resolve({ data: orderOf('refunded', { refundedAt: Date.UTC(2026, 10, 22, 1, 6) }) }) });
    expect(await screen.findByRole('heading', { name: '予約できませんでした' })).toBeTruthy();
    expect(screen.getByText('お支払いを確認した時点で予約枠を確保できなかったため、予約はされませんでした。お支払いは自動的に返金されます。')).toBeTruthy();
    expect(screen.getByText('お支払い: 返金済み', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '領収書を見る' })).toBeNull();
  });

  it('says an expired order booked nothing', async () => {
    openApp(`/completedPayment/${ORDER_ID}`, { getOrder: () => Promise.resolve({ data: orderOf('expired') }) });
    expect(await screen.findByRole('heading', { name: '予約は完了していません' })).toBeTruthy();
    expect(screen.getByText('お支払いの期限が過ぎたため、予約はされませんでした。')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'アンケートに戻ってやり直す' })).toBeTruthy();
  });
});

describe('a payment cancelled or failed at the provider', () => {
  it('/canceledPayment cancels the order at once (freeing the slot) and says nothing was booked', async () => {
    const cancelOrder = vi.fn(() => Promise.resolve({ data: orderOf('cancelled') }));
    openApp(`/canceledPayment?order=${ORDER_ID}`, { cancelOrder });
    expect(await screen.findByRole('heading', { name: 'お支払いをキャンセルしました' })).toBeTruthy();
    expect(screen.getByText('お支払いはキャンセルされ、予約はされていません。お取りしていた予約枠は解放しました。料金は請求されていません。')).toBeTruthy();
    expect(screen.getByText('お申し込みになる場合は、「アンケートに戻ってやり直す」から、もう一度お申し込みください。')).toBeTruthy();
    // The amount was never paid: it reads as what was applied for.
    expect(shownAnswer('お申し込み金額')).toBe('¥1,500（税込）');
    expect(screen.queryByText('お支払い金額')).toBeNull();
    expect(cancelOrder).toHaveBeenCalledTimes(1);
    expect(cancelOrder).toHaveBeenCalledWith(ORDER_ID);
  });

  it('starts again from the answers of the booking not made: everything but the payment is kept', async () => {
    const { router } = openApp(`/canceledPayment?order=${ORDER_ID}`, { cancelOrder: () => Promise.resolve({ data: orderOf('cancelled') }) });
    await screen.findByRole('heading', { name: 'お支払いをキャンセルしました' });
    await userEvent.click(screen.getByRole('button', { name: 'アンケートに戻ってやり直す' }));
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/survey/health-checkup');
    }, { timeout: 15_000 });
    expect((await screen.findByLabelText<HTMLInputElement>(/^お名前/)).value).toBe('山田 太郎');
    expect(await screen.findByText('選択中の予約枠: 11月24日（火）10:00〜11:00 中央保健センター')).toBeTruthy();
    expect(screen.getByLabelText('特定健診 受診料の数量').textContent).toBe('1');
    // A new answer, not an edit of the record whose payment ended.
    expect(screen.queryByText('送信済みの内容を変更しています', { exact: false })).toBeNull();
  });

  it('/errorPayment does the same, saying the payment could not be completed', async () => {
    const cancelOrder = vi.fn(() => Promise.resolve({ data: orderOf('cancelled') }));
    openApp(`/errorPayment?order=${ORDER_ID}`, { cancelOrder });
    expect(await screen.findByRole('heading', { name: 'お支払いを完了できませんでした' })).toBeTruthy();
    expect(screen.getByText('お支払いを完了できなかったため、予約はされていません。お取りしていた予約枠は解放しました。料金は請求されていません。')).toBeTruthy();
    expect(screen.getByText(/^もう一度お申し込みになる場合は、「アンケートに戻ってやり直す」からお進みください。カードでお支払いできなかった場合は、別のカードを/)).toBeTruthy();
    expect(shownAnswer('お申し込み金額')).toBe('¥1,500（税込）');
    expect(cancelOrder).toHaveBeenCalledWith(ORDER_ID);
  });

  it('shows the payment as paid when it turns out paid after all', async () => {
    const { router } = openApp(`/canceledPayment?order=${ORDER_ID}`, {
      cancelOrder: () => Promise.resolve({ data: orderOf('paid') }),
      getOrder: () => Promise.resolve({ data: orderOf('paid') }),
    });
    expect(await screen.findByRole('heading', { name: 'お支払いが完了しました' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/completedPayment/${ORDER_ID}`);
  });
});

describe('the receipt of a paid order (/receipt?order={id})', () => {
  it('works with an empty store (after the provider’s full page return) and prints a 領収書', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    openApp(`/receipt?order=${ORDER_ID}`, { getOrder: () => Promise.resolve({ data: orderOf('paid') }) });
    const receipt = await screen.findByRole('region', { name: '領収書' });
    expect(within(receipt).getByTestId('receipt-recipient').textContent).toBe('山田');
    expect(within(receipt).getByText('¥1,500-（税込）')).toBeTruthy();
    expect(within(receipt).getByText('健康診断 受診料として')).toBeTruthy();
    expect(within(receipt).getByText('K7Q-4M2X')).toBeTruthy();
    expect(within(receipt).getByText('クレジットカード')).toBeTruthy();
    // Paid at 10:05 on 11月22日 in Japan; issued today (the test clock, 11月22日 in Japan).
    expect(within(receipt).getAllByText('2026年11月22日')).toHaveLength(2);
    expect(within(receipt).getByText('デモ市 保健福祉課')).toBeTruthy();
    expect(within(receipt).getByText('登録番号 T1234567890123')).toBeTruthy();
    // Outside the document: what was booked, and how it was paid.
    expect(await screen.findByText('11月24日（火）10:00〜11:00')).toBeTruthy();
    expect(screen.getByText('2026年11月22日 10:05')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '印刷する' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it.each<[string, OrderView, string]>([
    ['not paid', orderOf('expired'), 'お支払いが完了していないため、領収書は発行できません。'],
    ['refunded', orderOf('refunded', { refundedAt: Date.UTC(2026, 10, 22, 2, 0) }), 'お支払いは返金されたため、領収書は発行されません。'],
  ])('issues no 領収書 for an order %s, saying why', async (_state, order, why) => {
    openApp(`/receipt?order=${ORDER_ID}`, { getOrder: () => Promise.resolve({ data: order }) });
    expect(await screen.findByText(why)).toBeTruthy();
    expect(screen.queryByRole('region', { name: '領収書' })).toBeNull();
    expect(screen.queryByRole('button', { name: '印刷する' })).toBeNull();
  });
});

type HoldCall = (payload: SubmissionPayload, options?: { idempotencyKey?: string; returnTo?: string }) => Promise<{ data: TemporaryReservation }>;
const keysSent = (hold: { mock: { calls: Parameters<HoldCall>[] } }) => hold.mock.calls.map(([, options]) => options?.idempotencyKey);
const orderClosed = () => refusal(409, PAYMENT_ERROR_CODES.orderClosed, 'このお支払いの手続きは終了しています。');

/** The browser brings the page back from its cache (back from the provider's page). */
function restoreFromBrowserCache() {
  const restored = new Event('pageshow');
  Object.defineProperty(restored, 'persisted', { value: true });
  window.dispatchEvent(restored);
}

describe('the confirm screen when a payment could not start or has ended', () => {
  it('after 503 payment_unavailable, the next tap is a new try under a new Idempotency-Key', async () => {
    const putTemporaryReservation = vi
      .fn<HoldCall>()
      .mockRejectedValueOnce(refusal(503, PAYMENT_ERROR_CODES.paymentUnavailable, '決済サービスに接続できません。'))
      .mockImplementation(hold);
    const { navigateAway } = openApp('/survey/health-checkup', { putTemporaryReservation });
    await fillAndConfirm();
    await userEvent.click(await screen.findByRole('button', { name: 'お支払いへ進む' }));
    expect(await screen.findByText(/お支払いの手続きを始められませんでした。予約はされていません。/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'お支払いへ進む' }));
    await vi.waitFor(() => {
      expect(navigateAway).toHaveBeenCalledWith(PAYMENT_URL);
    }, { timeout: 15_000 });
    const [first, second] = keysSent(putTemporaryReservation);
    expect(first).toMatch(/.{8,}/);
    expect(second).toMatch(/.{8,}/);
    expect(second).not.toBe(first);
  });

  it('restored by the back button after the payment ended, shows how that payment ended instead of its dead page (409 order_closed)', async () => {
    const putTemporaryReservation = vi.fn<HoldCall>().mockImplementationOnce(hold).mockRejectedValue(orderClosed());
    // The citizen cancelled at the provider: the return page cleared the payment in progress.
    const getOrder = vi.fn(() => Promise.resolve({ data: orderOf('cancelled') }));
    const { router, services, navigateAway } = openApp('/survey/health-checkup', { putTemporaryReservation, getOrder });
    await fillAndConfirm();
    await userEvent.click(await screen.findByRole('button', { name: 'お支払いへ進む' }));
    await vi.waitFor(() => {
      expect(navigateAway).toHaveBeenCalledTimes(1);
    }, { timeout: 15_000 });
    services.storage.removeItem(PAYMENT_IN_PROGRESS_KEY);
    restoreFromBrowserCache();
    await userEvent.click(await screen.findByRole('button', { name: 'お支払いへ進む' }));

    expect(await screen.findByRole('heading', { name: '予約は完了していません' })).toBeTruthy();
    expect(screen.getByText('お支払いがキャンセルされたため、予約はされませんでした。')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/completedPayment/${ORDER_ID}`);
    expect(getOrder).toHaveBeenCalledWith(ORDER_ID);
    expect(navigateAway).toHaveBeenCalledTimes(1);
    // The same submission was sent again, not a new one.
    const [first, second] = keysSent(putTemporaryReservation);
    expect(second).toBe(first);
  });

  it('finds the ended payment in session storage when this page did not hold it', async () => {
    const storage = memoryStorage();
    savePaymentInProgress(storage, { orderId: ORDER_ID, surveyId: 'health-checkup', partitionKey: PARTITION_KEY, receiptNumber: 'K7Q-4M2X' });
    const { router } = openApp(
      '/survey/health-checkup',
      { putTemporaryReservation: () => Promise.reject(orderClosed()), getOrder: () => Promise.resolve({ data: orderOf('paid') }) },
      { storage },
    );
    await fillAndConfirm();
    await userEvent.click(await screen.findByRole('button', { name: 'お支払いへ進む' }));
    expect(await screen.findByRole('heading', { name: 'お支払いが完了しました' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/completedPayment/${ORDER_ID}`);
  });

  it('with no order known, says the previous payment ended and makes the next tap a new application', async () => {
    const putTemporaryReservation = vi.fn<HoldCall>().mockRejectedValueOnce(orderClosed()).mockImplementation(hold);
    const { router, navigateAway } = openApp('/survey/health-checkup', { putTemporaryReservation });
    await fillAndConfirm();
    await userEvent.click(await screen.findByRole('button', { name: 'お支払いへ進む' }));
    expect(await screen.findByText(/この内容のお支払いの手続きはすでに終了しています。/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/confirm/health-checkup');
    expect(navigateAway).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'お支払いへ進む' }));
    await vi.waitFor(() => {
      expect(navigateAway).toHaveBeenCalledWith(PAYMENT_URL);
    }, { timeout: 15_000 });
    const [first, second] = keysSent(putTemporaryReservation);
    expect(second).not.toBe(first);
  });
});

describe('a paid booking on the look-up screens', () => {
  const paidOrders = () => Promise.resolve({ data: [orderOf('paid')] });

  it('shows 状況: 未対応 beside a booking standing (paid or pending)', async () => {
    openApp('/confirmList/health-checkup', { getOrders: paidOrders });
    const [record] = await screen.findAllByRole('article');
    await vi.waitFor(() => {
      expect(within(record as HTMLElement).getByText('お支払い: 支払い済み', { exact: false })).toBeTruthy();
    }, { timeout: 15_000 });
    expect(within(record as HTMLElement).getByText('状況: 未対応')).toBeTruthy();
  });

  it('offers a booking with no payment a change of slot and of answers (what a paid one lacks)', async () => {
    openApp('/confirmList/health-checkup', { getOrders: () => Promise.resolve({ data: [] }) });
    await userEvent.click(await screen.findByRole('button', { name: '1件目を詳しく見る' }));
    expect(await screen.findByRole('button', { name: '予約日時を変更する' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '内容を変更する' })).toBeTruthy();
  });

  it('shows what a paid booking bought (from its order: products make no rows) on its details and cancel screens', async () => {
    openApp('/confirmList/health-checkup', { getOrders: () => Promise.resolve({ data: [orderOf('paid')] }) });
    await userEvent.click(await screen.findByRole('button', { name: '1件目を詳しく見る' }));
    expect(await screen.findByRole('link', { name: '領収書を見る' })).toBeTruthy();
    expect(shownAnswer('受診料')).toBe('特定健診 受診料 × 1（合計 ¥1,500 税込）');
    expect(shownAnswer('追加の検査')).toBe('未回答');
    await userEvent.click(screen.getByRole('button', { name: 'キャンセルする' }));
    expect(await screen.findByText(/この申し込みはお支払い済みです。/)).toBeTruthy();
    expect(shownAnswer('受診料')).toBe('特定健診 受診料 × 1（合計 ¥1,500 税込）');
  });

  it('changes a paid booking to another slot without paying again: putItem with what was paid for', async () => {
    const putReservation = vi.fn((payload: SubmissionPayload) => Promise.resolve({ result: 'OK' as const, partitionKey: payload.data[0]?.partitionKey ?? '', receiptNumber: 'K7Q-4M2X' }));
    const putTemporaryReservation = vi.fn();
    const { navigateAway } = openApp('/confirmList/health-checkup', { getOrders: paidOrders, putReservation, putTemporaryReservation });
    expect(await screen.findByText('お支払い: 支払い済み', { exact: false })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '1件目を詳しく見る' }));
    expect(await screen.findByRole('link', { name: '領収書を見る' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: '予約日時を変更する' }));
    await userEvent.click(await screen.findByRole('button', { name: '11月24日（火）09:00〜10:00 空きあり（残り5）' }));
    // Back on the form, with the fee that was paid for (products make no rows: the order gives it).
    expect(await screen.findByText('選択中の予約枠: 11月24日（火）09:00〜10:00 中央保健センター')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('特定健診 受診料の数量').value).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: '確認する' }));

    expect(await screen.findByText(/お支払い済みの内容です。同じ内容のまま変更する場合、あらためてのお支払いはありません/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'お支払いへ進む' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '送信する' }));
    expect(await screen.findByRole('heading', { name: '送信が完了しました' })).toBeTruthy();
    const [payload] = putReservation.mock.calls[0] ?? [];
    expect(payload?.order).toEqual({ items: [{ productId: 'checkup-fee', quantity: 1 }] });
    expect(payload?.oldPartitionKey).toBe(PARTITION_KEY);
    expect(putTemporaryReservation).not.toHaveBeenCalled();
    expect(navigateAway).not.toHaveBeenCalled();
  });

  it.each([
    ['返金済み', orderOf('refunded', { refundedAt: Date.UTC(2026, 10, 22, 2, 0) }), 'キャンセルにともない、お支払いを返金しました。'],
    // The server marks the order cancelled, then refunded once the provider takes the refund.
    ['返金手続き中', orderOf('cancelled', { paymentMethod: 'card', paidAt: Date.UTC(2026, 10, 22, 1, 5), refundPending: true }), 'キャンセルにともない、お支払いを返金します。返金の手続き中です。'],
  ])('says before cancelling that the payment is refunded; afterwards the list shows %s', async (state, afterCancel, details) => {
    let cancelled = false;
    const cancelReservation = vi.fn(() => {
      cancelled = true;
      return Promise.resolve({ result: 'OK' as const, partitionKey: PARTITION_KEY });
    });
    const querySurveyResults = () => Promise.resolve({ data: cancelled ? rows.map((row) => ({ ...row, check: 'キャンセル' as const })) : rows, records: [] });
    openApp('/confirmList/health-checkup', { getOrders: () => Promise.resolve({ data: [cancelled ? afterCancel : orderOf('paid')] }), querySurveyResults, cancelReservation });
    await userEvent.click(await screen.findByRole('button', { name: '1件目を詳しく見る' }));
    await userEvent.click(await screen.findByRole('button', { name: 'キャンセルする' }));
    expect(await screen.findByText('この申し込みはお支払い済みです。キャンセルすると、お支払いいただいた¥1,500（税込）は返金されます。')).toBeTruthy();
    expect(cancelReservation).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'キャンセルする' }));

    expect(await screen.findByText('キャンセルしました。お支払いは返金されます。')).toBeTruthy();
    const [record] = await screen.findAllByRole('article');
    expect(within(record as HTMLElement).getByText(`お支払い: ${state}`, { exact: false })).toBeTruthy();
    expect(within(record as HTMLElement).getByText('状況: キャンセル')).toBeTruthy();
    expect(cancelReservation).toHaveBeenCalledWith({ surveyId: 'health-checkup', partitionKey: PARTITION_KEY, userId: 'U1' });
    await userEvent.click(screen.getByRole('button', { name: '1件目を詳しく見る' }));
    expect(await screen.findByText(new RegExp(`^${details}`))).toBeTruthy();
    expect(screen.queryByRole('link', { name: '領収書を見る' })).toBeNull();
  });

  it.each<[string, OrderView]>([
    ['refunded', orderOf('refunded', { refundedAt: Date.UTC(2026, 10, 22, 1, 6) })],
    ['cancelled', orderOf('cancelled')],
    ['expired', orderOf('expired')],
  ])('shows the slot of a record whose payment booked nothing (%s) as not booked, with no change of slot', async (_status, order) => {
    openApp('/confirmList/health-checkup', { getOrders: () => Promise.resolve({ data: [order] }) });
    const [record] = await screen.findAllByRole('article');
    await vi.waitFor(() => {
      expect(within(record as HTMLElement).getByText('この予約は成立していません。')).toBeTruthy();
    }, { timeout: 15_000 });
    expect(within(record as HTMLElement).getByText('11月24日（火）10:00〜11:00')).toBeTruthy();
    // Nothing for the office to act on: no 状況: 未対応 beside it.
    expect(within(record as HTMLElement).queryByText(/状況:/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '1件目を詳しく見る' }));
    expect(await screen.findByText('この予約は成立していません。')).toBeTruthy();
    expect(screen.queryByText(/状況:/)).toBeNull();
    expect(screen.queryByRole('button', { name: '予約日時を変更する' })).toBeNull();
  });

  it('locks what a paid booking bought in its edit, saying why; the rest of the answers still change', async () => {
    const putReservation = vi.fn((payload: SubmissionPayload) => Promise.resolve({ result: 'OK' as const, partitionKey: payload.data[0]?.partitionKey ?? '', receiptNumber: 'K7Q-4M2X' }));
    openApp('/confirmList/health-checkup', { getOrders: paidOrders, putReservation });
    await userEvent.click(await screen.findByRole('button', { name: '1件目を詳しく見る' }));
    await userEvent.click(await screen.findByRole('button', { name: '内容を変更する' }));
    expect(await screen.findByText(/^お支払い済みのため、購入する内容は変更できません。/)).toBeTruthy();
    for (const name of ['特定健診 受診料を1つ減らす', '追加血液検査を1つ増やす']) {
      const stepper = screen.getByRole('button', { name });
      expect(stepper.getAttribute('aria-disabled')).toBe('true');
      await userEvent.click(stepper);
    }
    expect(screen.getByLabelText('特定健診 受診料の数量').textContent).toBe('1');
    expect(screen.getByLabelText('追加血液検査の数量').textContent).toBe('0');
    const name = screen.getByLabelText<HTMLInputElement>(/^お名前/);
    await userEvent.clear(name);
    await userEvent.type(name, '山田 花子');
    await userEvent.click(screen.getByRole('button', { name: '確認する' }));
    await userEvent.click(await screen.findByRole('button', { name: '送信する' }));
    expect(await screen.findByRole('heading', { name: '送信が完了しました' })).toBeTruthy();
    const [payload] = putReservation.mock.calls[0] ?? [];
    expect(payload?.order).toEqual({ items: [{ productId: 'checkup-fee', quantity: 1 }] });
  });

  it('a form not in a paid booking’s edit leaves the products changeable', async () => {
    openApp('/survey/health-checkup', {});
    const more = await screen.findByRole('button', { name: '追加血液検査を1つ増やす' });
    expect(more.getAttribute('aria-disabled')).toBe('false');
    expect(screen.queryByText(/^お支払い済みのため/)).toBeNull();
  });

  it('shows the server’s message when a paid record’s change buys something else (409 order_paid)', async () => {
    const message = 'お支払い済みの申し込みは、購入する内容を変えて変更することはできません。';
    // putItem answers its refusals (it does not throw them). The form locks the products, but the
    // order may have changed since the screen read it: the server's word is shown.
    const putReservation = vi.fn(() => Promise.resolve(refusal(409, PAYMENT_ERROR_CODES.orderPaid, message)));
    openApp('/confirmList/health-checkup', { getOrders: paidOrders, putReservation });
    await userEvent.click(await screen.findByRole('button', { name: '1件目を詳しく見る' }));
    await userEvent.click(await screen.findByRole('button', { name: '内容を変更する' }));
    await userEvent.click(await screen.findByRole('button', { name: '確認する' }));
    await userEvent.click(await screen.findByRole('button', { name: '送信する' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(putReservation).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s message when a record paid for elsewhere is sent as a new payment (409 order_paid)', async () => {
    const message = 'お支払い済みの申し込みは変更できません。キャンセルしてから、あらためてお申し込みください。';
    // The payment was made elsewhere after the list loaded: the screen did not know it.
    openApp('/confirmList/health-checkup', { getOrders: () => Promise.resolve({ data: [] }), putTemporaryReservation: () => Promise.reject(refusal(409, PAYMENT_ERROR_CODES.orderPaid, message)) });
    await userEvent.click(await screen.findByRole('button', { name: '1件目を詳しく見る' }));
    await userEvent.click(await screen.findByRole('button', { name: '内容を変更する' }));
    // Products bought make no rows, and no paid order is known: the edit's form asks for the fee again.
    await userEvent.click(await screen.findByRole('button', { name: '特定健診 受診料を1つ増やす' }));
    await userEvent.click(screen.getByRole('button', { name: '確認する' }));
    await userEvent.click(await screen.findByRole('button', { name: 'お支払いへ進む' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

describe('money being given back, on the payment result and receipt screens', () => {
  it('says a refund not yet confirmed by the provider is under way, and that nothing is needed', async () => {
    openApp(`/completedPayment/${ORDER_ID}`, { getOrder: () => Promise.resolve({ data: orderOf('expired', { paymentMethod: 'card', paidAt: Date.UTC(2026, 10, 22, 1, 40), refundPending: true }) }) });
    expect(await screen.findByRole('heading', { name: '予約できませんでした' })).toBeTruthy();
    expect(screen.getByText(/予約枠を確保できなかったため、予約はされませんでした。返金の手続き中です。お支払いいただいた金額は.*返金されます。お客様のお手続きは必要ありません。/)).toBeTruthy();
    expect(screen.getByText('お支払い: 返金手続き中', { exact: false })).toBeTruthy();
  });

  it('says a cancelled paid booking was refunded, not that its slot was lost', async () => {
    const cancelledRows = rows.map((row) => ({ ...row, check: 'キャンセル' as const }));
    openApp(`/completedPayment/${ORDER_ID}`, {
      getOrder: () => Promise.resolve({ data: orderOf('refunded', { refundedAt: Date.UTC(2026, 10, 22, 2, 0) }) }),
      querySurveyResults: () => Promise.resolve({ data: cancelledRows, records: [] }),
    });
    expect(await screen.findByRole('heading', { name: '予約はキャンセルされました' })).toBeTruthy();
    expect(screen.getByText('キャンセルにともない、お支払いを返金しました。')).toBeTruthy();
    expect(screen.queryByText(/予約枠を確保できなかった/)).toBeNull();
  });

  it('a cancelled paid booking whose refund is under way is not shown as paid, and issues no 領収書', async () => {
    const order = orderOf('cancelled', { paymentMethod: 'card', paidAt: Date.UTC(2026, 10, 22, 1, 5), refundPending: true });
    const cancelledRows = rows.map((row) => ({ ...row, check: 'キャンセル' as const }));
    openApp(`/completedPayment/${ORDER_ID}`, { getOrder: () => Promise.resolve({ data: order }), querySurveyResults: () => Promise.resolve({ data: cancelledRows, records: [] }) });
    expect(await screen.findByRole('heading', { name: '予約はキャンセルされました' })).toBeTruthy();
    expect(await screen.findByText(/キャンセルにともない、お支払いを返金します。返金の手続き中です。/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'お支払いが完了しました' })).toBeNull();
    cleanup();
    // A paid order the server has not marked yet, with its refund pending, issues none either.
    openApp(`/receipt?order=${ORDER_ID}`, { getOrder: () => Promise.resolve({ data: orderOf('paid', { refundPending: true }) }) });
    expect(await screen.findByText('お支払いは返金の手続き中のため、領収書は発行されません。')).toBeTruthy();
    expect(screen.getByText('お支払い: 返金手続き中', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '領収書' })).toBeNull();
  });
});
