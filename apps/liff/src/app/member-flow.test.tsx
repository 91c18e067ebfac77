import type { ApiClient, FilterSurveyResultsBody, MemberCard, RecordKeyBody, WithdrawMembershipBody } from '@city/api-client';
import { ApiError, MEMBER_ERROR_CODES } from '@city/api-client';
import type { SubmissionPayload, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { buildSurveyResultRows } from '@city/survey-core';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSignedInApp, testServices } from '../../test/render-with-providers.js';

// The member screens in the app's own routes, over a fake API shaped like the demo's library card
// (a member survey) and study room (members only). The browser tests (e2e/members.test.ts) walk
// the same screens against the real server; these pin what the screens send and say.

const libraryCard: SurveyConfig = {
  surveyId: 'library-card',
  surveyTitle: '図書館利用カードの登録',
  membership: { name: '市立図書館 利用カード', numberFormat: { prefix: 'LIB', digits: 7 }, numberItemKey: 'memberNumber', nameItemKeys: ['familyName', 'firstName'] },
  lookupItemKeys: ['memberNumber', 'born'],
  surveySchema: [
    { itemKey: 'familyName', type: 'text', title: '姓', required: true },
    { itemKey: 'firstName', type: 'text', title: '名', required: true },
    { itemKey: 'born', type: 'birthday', title: '生年月日', isNotEditable: true },
    { itemKey: 'memberNumber', type: 'text', title: '会員番号' },
  ],
};
const studyRoom: SurveyConfig = {
  surveyId: 'study-room',
  surveyTitle: '図書館 学習室のご予約',
  requiresMembership: 'library-card',
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前', required: true }],
};
const NUMBER = 'LIB00000190';
const card = (partitionKey: string): MemberCard => ({
  surveyId: 'library-card',
  partitionKey,
  membershipName: '市立図書館 利用カード',
  memberNumber: NUMBER,
  name: '山田 太郎',
  issuedOn: '2026-11-22',
});
const notMember = () => new ApiError('not a member', { code: MEMBER_ERROR_CODES.notMember, status: 404, body: { statusCode: 404, error: 'Not Found', code: 'not_member', message: '会員の登録がありません。' } });
const refusal = (status: number, code: string, message: string) => new ApiError(message, { code, status, body: { statusCode: status, error: 'Error', code, message } });

/** A library with one member at most (山田, U1): registering, the card, withdrawing. */
function library(options: { member?: boolean } = {}) {
  let rows: SurveyResultRow[] = options.member === true ? buildSurveyResultRows({ config: libraryCard, userId: 'U1', answers: { familyName: '山田', firstName: '太郎', born: '1985-06-20', memberNumber: NUMBER }, now: 1 }) : [];
  const putReservation = vi.fn((payload: SubmissionPayload) => {
    const [first] = payload.data;
    if (first === undefined) throw new Error('A registration has rows.');
    // The server writes the number as the record's row of the number item.
    rows = [...payload.data.filter((row) => row.itemKey !== 'memberNumber'), { ...first, itemKey: 'memberNumber', sortKey: `memberNumber#${NUMBER}`, value: NUMBER, userSearchKey: `memberNumber#${NUMBER}` }];
    return Promise.resolve({ result: 'OK' as const, partitionKey: first.partitionKey, receiptNumber: 'R-1' });
  });
  const withdrawMembership = vi.fn((_body: WithdrawMembershipBody) => {
    rows = [];
    return Promise.resolve({ result: 'OK' as const, partitionKey: 'library-card#U1' });
  });
  const api = {
    getSurveyConfig: (surveyId: string) => Promise.resolve({ data: surveyId === 'study-room' ? studyRoom : libraryCard }),
    getAllSearchableSurveyConfigs: () => Promise.resolve({ data: [libraryCard, studyRoom] }),
    querySurveyResults: ({ surveyId }: { surveyId: string }) => Promise.resolve({ data: surveyId === 'library-card' ? rows : [], records: [] }),
    getMemberCard: () => Promise.resolve(rows[0] === undefined ? notMember() : { data: card(rows[0].partitionKey) }),
    putReservation,
    withdrawMembership,
  } satisfies Partial<ApiClient>;
  return { api, putReservation, withdrawMembership };
}

function openApp(path: string, api: Partial<ApiClient>) {
  return openSignedInApp(path, testServices({ api }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('registering from a members-only survey', () => {
  it('tells a citizen who is not a member why, registers them (the number left to the server) and offers the way back', async () => {
    const { api, putReservation } = library();
    const { router } = openApp('/survey/study-room', api);
    expect(await screen.findByText('会員の方のみご利用いただけます')).toBeTruthy();
    expect(screen.queryByLabelText(/^お名前/)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: '市立図書館 利用カードを登録する' }));
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/member/library-card');
    }, { timeout: 15_000 });
    expect(router.state.location.search).toBe('?next=%2Fsurvey%2Fstudy-room');

    await userEvent.type(await screen.findByLabelText(/^姓/), '山田');
    await userEvent.type(screen.getByLabelText(/^名/), '太郎');
    expect(screen.queryByLabelText(/^会員番号/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '確認する' }));
    expect(await screen.findByText('以下の内容で登録します。よろしければ「登録する」を押してください。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '登録する' }));

    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/member-confirmList/library-card');
    }, { timeout: 15_000 });
    const sent = putReservation.mock.calls[0]?.[0];
    expect(sent?.data.filter((row) => row.itemKey === 'memberNumber' && row.value !== '')).toEqual([]);
    expect(await screen.findByText('登録が完了しました。窓口ではこの会員証をお見せください。')).toBeTruthy();
    expect(screen.getAllByText(/LIB/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'お申し込みの画面に戻る' }).getAttribute('href')).toBe('/survey/study-room');
  });

  it('shows a member the members-only form', async () => {
    const { api } = library({ member: true });
    openApp('/survey/study-room', api);
    expect(await screen.findByLabelText(/^お名前/)).toBeTruthy();
    expect(screen.queryByText('会員の方のみご利用いただけます')).toBeNull();
  });
});

describe('the member card', () => {
  it('withdraws only once the member confirms, then says the number is retired', async () => {
    const { api, withdrawMembership } = library({ member: true });
    openApp('/member-confirmList/library-card', api);
    await screen.findByText('登録内容');
    await userEvent.click(screen.getByRole('button', { name: '退会する' }));
    const question = screen.getByRole('dialog', { name: '退会の確認' });
    expect(question.textContent).toContain(NUMBER);
    await userEvent.click(within(question).getByRole('button', { name: '退会しない' }));
    expect(withdrawMembership).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: '退会する' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: '退会の確認' })).getByRole('button', { name: '退会する' }));
    expect(await screen.findByText(`退会の手続きが完了しました。会員番号 ${NUMBER} は使えなくなりました。`)).toBeTruthy();
    expect(withdrawMembership).toHaveBeenCalledWith({ surveyId: 'library-card', partitionKey: 'library-card#U1' });
    expect(screen.getByRole('link', { name: '新しく登録する' })).toBeTruthy();
  });

  it('sends a registered member who opens the registration again to their card', async () => {
    const { api } = library({ member: true });
    const { router } = openApp('/member/library-card', api);
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/member-confirmList/library-card');
    }, { timeout: 15_000 });
  });
});

describe('claiming a paper card', () => {
  it('shows the record found and claims it; shows the lockout as the server words it', async () => {
    const paper = buildSurveyResultRows({ config: libraryCard, userId: '', answers: { familyName: '佐藤', firstName: '花子', born: '1968-07-15', memberNumber: 'LIB00000182' }, existingResults: [{ partitionKey: 'library-card#paper-0000018' } as never], updateExist: true });
    let tries = 0;
    const filterSurveyResults = vi.fn((_body: FilterSurveyResultsBody) => {
      tries += 1;
      return Promise.resolve(tries === 1 ? refusal(429, 'lookup_locked', '照会に10回失敗したため、本日はご利用いただけません。') : { data: paper });
    });
    const putUserId = vi.fn((body: RecordKeyBody) => Promise.resolve({ result: 'OK' as const, partitionKey: body.partitionKey }));
    const { api } = library();
    const { router } = openApp('/claim/library-card', { ...api, filterSurveyResults, putUserId });
    // A wrong check digit is told at once: no look-up is spent on it.
    await userEvent.type(await screen.findByLabelText(/^会員番号/), 'LIB-0000018-3');
    await userEvent.selectOptions(screen.getByLabelText('生年月日の年'), '1968');
    await userEvent.selectOptions(screen.getByLabelText('生年月日の月'), '7');
    await userEvent.selectOptions(screen.getByLabelText('生年月日の日'), '15');
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(await screen.findByText('会員番号に誤りがあります。お手元のカードの番号をもう一度ご確認ください')).toBeTruthy();
    expect(filterSurveyResults).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/^会員番号/));
    await userEvent.type(screen.getByLabelText(/^会員番号/), 'lib-0000018-2');
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(await screen.findByText('照会に10回失敗したため、本日はご利用いただけません。')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(await screen.findByText('次の内容が見つかりました。ご本人の内容であれば「このアカウントに引き継ぐ」を押してください。')).toBeTruthy();
    expect(filterSurveyResults).toHaveBeenLastCalledWith({ queryParams: { surveyId: 'library-card', lookup: { memberNumber: 'LIB00000182', born: '1968-07-15' } }, requestingUserId: 'U1' });
    await userEvent.click(screen.getByRole('button', { name: 'このアカウントに引き継ぐ' }));
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/member-confirmList/library-card');
    }, { timeout: 15_000 });
    expect(putUserId).toHaveBeenCalledWith({ surveyId: 'library-card', partitionKey: 'library-card#paper-0000018', userId: 'U1' });
  });
});
