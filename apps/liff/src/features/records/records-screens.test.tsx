import type { ApiClient, OrderStatus, OrderView } from '@city/api-client';
import { ApiError } from '@city/api-client';
import type { SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { buildSurveyResultRows } from '@city/survey-core';
import { ToastProvider } from '@city/ui';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, TEST_SESSION, testServices } from '../../../test/render-with-providers.js';
import { paths } from '../../config/paths.js';
import type { AppServices } from '../../store/services.js';
import { sessionStateFor } from '../../store/session-slice.js';

const course: SurveyConfig = {
  surveyId: 'event-application',
  surveyTitle: '市民講座 受講申込',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'ticket', type: 'text', title: '受講券番号' },
    { itemKey: 'course', type: 'radio', title: '講座', options: ['スマホ教室', '料理教室'] },
  ],
};
const answer = (ticket: string, now: number) => buildSurveyResultRows({ config: course, userId: 'U1', answers: { ticket, course: 'スマホ教室' }, now });
const stored = [...answer('200001', 1_000), ...answer('200002', 2_000)];
const cancelled = (rows: SurveyResultRow[], partitionKey: string) => rows.map((row) => (row.partitionKey === partitionKey ? { ...row, check: 'キャンセル' as const } : row));

/** The records screens, loaded lazily as the app's router loads them, over a fake API. */
function renderRecords(api: Partial<ApiClient>, services: Partial<Omit<AppServices, 'api'>> = {}) {
  const screenOf = <Name extends string>(load: () => Promise<Record<Name, () => React.JSX.Element>>, name: Name) => () => load().then((module) => ({ Component: module[name] }));
  return renderWithProviders(
    [
      {
        element: (
          <ToastProvider>
            <Outlet />
          </ToastProvider>
        ),
        hydrateFallbackElement: <p>読み込み中</p>,
        children: [
          { path: paths.confirmList.pattern, lazy: screenOf(() => import('./confirm-list-page.js'), 'ConfirmListPage') },
          { path: paths.confirmDetails.pattern, lazy: screenOf(() => import('./details-page.js'), 'DetailsPage') },
          { path: paths.cancelConfirm.pattern, lazy: screenOf(() => import('./cancel-confirm-page.js'), 'CancelConfirmPage') },
          { path: paths.survey.pattern, element: <p>アンケートの画面</p> },
        ],
      },
    ],
    {
      path: paths.confirmList.to('event-application'),
      services: testServices({ api: { getSurveyConfig: () => Promise.resolve({ data: course }), getOrders: () => Promise.resolve({ data: [] }), ...api }, ...services }),
      preloadedState: { session: sessionStateFor(TEST_SESSION) },
    },
  );
}

describe('the records screens', () => {
  it('list the records newest first; a record picked opens in full, read from the list without asking again', async () => {
    const querySurveyResults = vi.fn(() => Promise.resolve({ data: stored, records: [] }));
    const { router } = renderRecords({ querySurveyResults });
    const records = await screen.findAllByRole('article');
    expect(records.map((record) => within(record).getByText(/^2000\d\d$/).textContent)).toEqual(['200002', '200001']);
    await userEvent.click(screen.getByRole('button', { name: '2件目を詳しく見る' }));
    expect(await screen.findByRole('heading', { name: '送信した内容の詳細' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/confirmDetails');
    expect(screen.getByText('200001')).toBeTruthy();
    expect(querySurveyResults).toHaveBeenCalledTimes(1);
  });

  it('show each record\'s 受付番号 in the list and in its details, where a citizen looks it up to phone the city hall', async () => {
    const receipts = [...new Set(stored.map((row) => row.partitionKey))].map((partitionKey, index) => ({ partitionKey, receiptNumber: `K7Q-4M2${String(index)}` }));
    renderRecords({ querySurveyResults: () => Promise.resolve({ data: stored, records: receipts }) });
    const records = await screen.findAllByRole('article');
    // Newest first: the second record is listed first.
    expect(records.map((record) => within(record).getByText(/^K7Q-/).textContent)).toEqual(['K7Q-4M21', 'K7Q-4M20']);
    for (const record of records) expect(within(record).getByText('受付番号')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '2件目を詳しく見る' }));
    expect(await screen.findByRole('heading', { name: '送信した内容の詳細' })).toBeTruthy();
    expect(screen.getByText('K7Q-4M20')).toBeTruthy();
  });

  it('cancel a record after the confirmation screen; the list is loaded again before it shows, with its new status', async () => {
    let rows = stored;
    // After the cancel, the records answer only when the test says so.
    let answerReload = () => {};
    const reload = new Promise<void>((resolve) => {
      answerReload = resolve;
    });
    let cancelledYet = false;
    const querySurveyResults = vi.fn(async () => {
      if (cancelledYet) await reload;
      return { data: rows, records: [] };
    });
    const cancelReservation = vi.fn(({ partitionKey }: { partitionKey: string }) => {
      rows = cancelled(rows, partitionKey);
      cancelledYet = true;
      return Promise.resolve({ result: 'OK' as const });
    });
    const { router } = renderRecords({ querySurveyResults, cancelReservation: cancelReservation as never });
    await userEvent.click(await screen.findByRole('button', { name: '1件目を詳しく見る' }));
    await userEvent.click(await screen.findByRole('button', { name: 'キャンセルする' }));
    expect(await screen.findByText('以下の回答・申込みをキャンセルします。キャンセルすると元に戻せません。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cancelConfirm/event-application');
    await userEvent.click(screen.getByRole('button', { name: 'キャンセルする' }));
    expect(cancelReservation).toHaveBeenCalledWith({ surveyId: 'event-application', partitionKey: 'event-application#U1#2000', userId: 'U1' });
    // Still here, busy, while the list loads again: it never shows the record as it was.
    await vi.waitFor(() => {
      expect(querySurveyResults.mock.calls.length).toBeGreaterThan(1);
    }, { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/cancelConfirm/event-application');
    expect(screen.getByRole('button', { name: 'キャンセルしています…' })).toBeTruthy();
    answerReload();
    expect(await screen.findByText('キャンセルしました。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/confirmList/event-application');
    const [first] = await screen.findAllByRole('article');
    expect(first?.textContent).toContain('状況: キャンセル');
  });

  it('say why a cancel was refused, and stay on the confirmation screen', async () => {
    const refused = new ApiError('この申込みはキャンセルできません。', { code: 'record_closed', status: 409, body: { statusCode: 409, error: 'Conflict', code: 'record_closed', message: 'この申込みはキャンセルできません。' } });
    const { router } = renderRecords({ querySurveyResults: () => Promise.resolve({ data: stored, records: [] }), cancelReservation: () => Promise.reject(refused) });
    await userEvent.click(await screen.findByRole('button', { name: '1件目を詳しく見る' }));
    await userEvent.click(await screen.findByRole('button', { name: 'キャンセルする' }));
    await screen.findByText('以下の回答・申込みをキャンセルします。キャンセルすると元に戻せません。');
    await userEvent.click(screen.getByRole('button', { name: 'キャンセルする' }));
    expect(await screen.findByText('この申込みはキャンセルできません。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cancelConfirm/event-application');
  });

  it('say so when the details screen is opened with nothing picked (a reload)', async () => {
    const { router } = renderRecords({ querySurveyResults: () => Promise.resolve({ data: stored, records: [] }) });
    await router.navigate(paths.confirmDetails.to());
    expect(await screen.findByText('表示する内容がありません。一覧から選び直してください。')).toBeTruthy();
  });
});

/** An order of the record `partitionKey` (one 受講料 of 1,000 yen). */
function orderFor(partitionKey: string, status: OrderStatus, orderId: string): OrderView {
  return {
    orderId,
    surveyId: 'event-application',
    partitionKey,
    receiptNumber: 'K7Q-4M2X',
    status,
    total: 1000,
    lines: [{ productId: 'fee', name: '受講料', unitPrice: 1000, quantity: 1, subtotal: 1000 }],
    // 10:35 on 22 November in Japan.
    holdExpiresAt: Date.UTC(2026, 10, 22, 1, 35),
    createdAt: Date.UTC(2026, 10, 22, 1, 0),
    issuer: { name: 'デモ市 生涯学習課', proviso: '受講料として' },
    ...(status === 'pending' ? { paymentUrl: 'http://127.0.0.1:1/pay/cs_1', payBy: Date.UTC(2026, 10, 22, 1, 30) } : {}),
  };
}

describe('the payment state on the records screens', () => {
  const newer = 'event-application#U1#2000';
  const older = 'event-application#U1#1000';
  const pendingId = 'a'.repeat(32);
  const paidId = 'b'.repeat(32);

  it('shows each record’s payment state in words, from one call for every order', async () => {
    const getOrders = vi.fn(() => Promise.resolve({ data: [orderFor(newer, 'pending', pendingId), orderFor(older, 'paid', paidId), orderFor(older, 'cancelled', 'c'.repeat(32))] }));
    renderRecords({ querySurveyResults: () => Promise.resolve({ data: stored, records: [] }), getOrders });
    const [first, second] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    await vi.waitFor(() => {
      expect(within(first).getByText('お支払い: お支払い待ち', { exact: false })).toBeTruthy();
    }, { timeout: 15_000 });
    // The newest order of a record counts (a payment given up, then made).
    expect(within(second).getByText('お支払い: 支払い済み', { exact: false })).toBeTruthy();
    expect(getOrders).toHaveBeenCalledTimes(1);
  });

  it('offers to continue a pending payment (its page) or to stop it (cancelOrder, then the lists again)', async () => {
    let status: OrderStatus = 'pending';
    const getOrders = vi.fn(() => Promise.resolve({ data: [orderFor(newer, status, pendingId)] }));
    const cancelOrder = vi.fn((orderId: string) => {
      status = 'cancelled';
      return Promise.resolve({ data: orderFor(newer, 'cancelled', orderId) });
    });
    const navigateAway = vi.fn();
    renderRecords({ querySurveyResults: () => Promise.resolve({ data: stored, records: [] }), getOrders, cancelOrder }, { navigateAway });
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('button', { name: '1件目を詳しく見る' }));
    // The provider's page closes at payBy (10:30), before the hold lapses (10:35): that is the deadline shown.
    expect(await screen.findByText('お支払いがまだ済んでいません（お支払い期限: 11月22日 10:30）。期限までにお支払いがないと、お取りしている予約枠は解放されます。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'お支払いを続ける' }));
    expect(navigateAway).toHaveBeenCalledWith('http://127.0.0.1:1/pay/cs_1');
    await userEvent.click(screen.getByRole('button', { name: 'お支払いをやめる' }));
    expect(cancelOrder).toHaveBeenCalledWith(pendingId);
    expect(await screen.findByText('お支払い: キャンセル', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'お支払いを続ける' })).toBeNull();
  });

  it('links a paid record to its 領収書', async () => {
    renderRecords({ querySurveyResults: () => Promise.resolve({ data: stored, records: [] }), getOrders: () => Promise.resolve({ data: [orderFor(newer, 'paid', paidId)] }) });
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('button', { name: '1件目を詳しく見る' }));
    expect((await screen.findByRole('link', { name: '領収書を見る' })).getAttribute('href')).toBe(`/receipt?order=${paidId}`);
  });
});
