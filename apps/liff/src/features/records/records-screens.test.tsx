import type { ApiClient } from '@city/api-client';
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
function renderRecords(api: Partial<ApiClient>) {
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
      services: testServices({ api: { getSurveyConfig: () => Promise.resolve({ data: course }), ...api } }),
      preloadedState: { session: sessionStateFor(TEST_SESSION) },
    },
  );
}

describe('the records screens', () => {
  it('list the records newest first; a record picked opens in full, read from the list without asking again', async () => {
    const querySurveyResults = vi.fn(() => Promise.resolve({ data: stored }));
    const { router } = renderRecords({ querySurveyResults });
    const records = await screen.findAllByRole('article');
    expect(records.map((record) => within(record).getByText(/^2000\d\d$/).textContent)).toEqual(['200002', '200001']);
    await userEvent.click(screen.getByRole('button', { name: '2件目を詳しく見る' }));
    expect(await screen.findByRole('heading', { name: '送信した内容の詳細' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/confirmDetails');
    expect(screen.getByText('200001')).toBeTruthy();
    expect(querySurveyResults).toHaveBeenCalledTimes(1);
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
      return { data: rows };
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
    });
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
    const { router } = renderRecords({ querySurveyResults: () => Promise.resolve({ data: stored }), cancelReservation: () => Promise.reject(refused) });
    await userEvent.click(await screen.findByRole('button', { name: '1件目を詳しく見る' }));
    await userEvent.click(await screen.findByRole('button', { name: 'キャンセルする' }));
    await screen.findByText('以下の回答・申込みをキャンセルします。キャンセルすると元に戻せません。');
    await userEvent.click(screen.getByRole('button', { name: 'キャンセルする' }));
    expect(await screen.findByText('この申込みはキャンセルできません。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cancelConfirm/event-application');
  });

  it('say so when the details screen is opened with nothing picked (a reload)', async () => {
    const { router } = renderRecords({ querySurveyResults: () => Promise.resolve({ data: stored }) });
    await router.navigate(paths.confirmDetails.to());
    expect(await screen.findByText('表示する内容がありません。一覧から選び直してください。')).toBeTruthy();
  });
});
