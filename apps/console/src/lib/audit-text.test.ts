import { describe, expect, it } from 'vitest';
import type { AuditNames } from './audit-text.js';
import { actionLabel, detailLines, filterText, plainText } from './audit-text.js';

const names: AuditNames = {
  surveyTitle: (surveyId) => (surveyId === 'health-checkup' ? '健康診断のご予約' : undefined),
  itemTitle: (surveyId, itemKey) => (surveyId === 'health-checkup' && itemKey === 'name' ? 'お名前' : undefined),
};

const entry = (action: string, detail: Record<string, unknown>, target = 'record:health-checkup#U1#1') => ({ action, target, detail });

describe('audit entries as staff read them', () => {
  it('names every action the server writes in Japanese, and shows an unknown one as its code', () => {
    const written = [
      'records.list',
      'record.view',
      'record.changeStatus',
      'record.reopen',
      'record.memo',
      'record.cancel',
      'record.withdraw',
      'record.bookOnBehalf',
      'staff.signIn',
      'staff.password',
      'staff.signInFailed',
      'staff.locked',
      'staff.totpEnrolled',
      'staff.sessionExpired',
      'staff.signOut',
      'staff.create',
      'staff.unlock',
      'survey.create',
      'survey.edit',
      'survey.state',
      'survey.delete',
      'records.export',
      'records.import',
      'recount.read',
      'order.refund',
      'orders.reconcile',
      'order.settle',
    ];
    // Japanese, not the code (a label may name CSV, so latin letters alone do not tell).
    for (const action of written) expect(actionLabel(action)).toMatch(/^[^.]*[\u3040-\u30ff\u4e00-\u9fff][^.]*$/);
    expect(actionLabel('record.view')).toBe('回答の閲覧');
    expect(actionLabel('example.unknown')).toBe('example.unknown');
  });

  it('says a status change, its reason and a memo', () => {
    expect(detailLines(entry('record.changeStatus', { status: { from: '未対応', to: '処理中' }, reason: 'お電話で確認' }))).toEqual(['状態：未対応 → 処理中', '理由：お電話で確認']);
    expect(detailLines(entry('record.changeStatus', { status: { to: '完了' }, reason: '' }))).toEqual(['状態：「完了」に変更']);
    expect(detailLines(entry('record.memo', { text: '保険証を忘れずに' }))).toEqual(['メモ：保険証を忘れずに']);
    expect(detailLines(entry('record.view', {}))).toEqual([]);
  });

  it('says a list’s filter in short and how many records it showed', () => {
    const filter = { items: [{ itemKey: 'name', value: '山田', match: 'partial' }, { itemKey: 'area', value: '東区', match: 'exact' }], statuses: ['未対応', '処理中'], origins: ['web'], slotDateFrom: '2025-05-01' };
    expect(detailLines(entry('records.list', { filter, shown: ['a', 'b', 'c'] }, 'survey:health-checkup'), names)).toEqual([
      '条件：お名前に「山田」を含む、area＝「東区」、予約日 2025/05/01（木）〜、状態：未対応・処理中、受付経路：WEB',
      '表示：3件',
    ]);
    expect(filterText({}, 'health-checkup')).toBe('条件：なし（全件）');
    expect(filterText({ createdFrom: Date.parse('2025-04-01T00:00:00Z'), createdTo: Date.parse('2025-04-01T00:30:59.999Z') }, undefined)).toBe('条件：作成日時 2025/04/01 09:00〜2025/04/01 09:30');
  });

  it('says sign-in failures, locks and unlocks in words', () => {
    expect(detailLines(entry('staff.signInFailed', { reason: 'totp', failures: 3 }, 'staff:1'))).toEqual(['理由：確認コードの誤り', '失敗回数：3回']);
    expect(detailLines(entry('staff.signInFailed', { reason: 'unknown_login', loginIdHash: 'abc123' }, ''))).toEqual(['理由：登録のないログインID', '入力されたID（ハッシュ）：abc123']);
    expect(detailLines(entry('staff.unlock', { wasLocked: true }, 'staff:1'))).toEqual(['ロック中だったアカウント']);
    expect(detailLines(entry('staff.create', { loginId: 'health-member', role: 'member', teamIds: ['health'] }, 'staff:1'))).toEqual(['ログインID：health-member', '役割：職員', 'チーム：health']);
  });

  it('says a phone booking’s survey, dates and what to collect at the window', () => {
    const detail = { surveyId: 'health-checkup', bookings: [{ calendarId: 'cal', date: '2025-05-01', slotId: '4' }], payAtWindow: { lines: [{ productId: 'fee' }], total: 1500 } };
    expect(detailLines(entry('record.bookOnBehalf', detail), names)).toEqual(['フォーム：健康診断のご予約', '予約：2025/05/01（木）', '窓口でお支払い：1,500円']);
  });

  it('says what a survey edit changed, by item title and setting name', () => {
    const survey = 'survey:health-checkup';
    const edit = { version: { from: 1, to: 2 }, added: ['memo'], removed: ['name'], changed: [], retyped: [], settings: ['surveyTitle', 'order'], searchable: { from: true, to: false } };
    expect(detailLines(entry('survey.edit', edit, survey), names)).toEqual([
      '版：第1版 → 第2版',
      '追加した項目：memo',
      '削除した項目：お名前',
      '変更した設定：タイトル、項目の順番',
      '照会フォームに表示：する → しない',
    ]);
    expect(detailLines(entry('survey.state', { state: { from: 'draft', to: 'published' } }, survey))).toEqual(['状態：下書き → 公開中']);
    expect(detailLines(entry('survey.delete', { title: '公園アンケート', version: 3 }, survey))).toEqual(['タイトル：公園アンケート', '版：第3版']);
    expect(detailLines(entry('survey.create', { title: '公園アンケート', teamIds: ['health'] }, survey))).toEqual(['タイトル：公園アンケート', 'チーム：health']);
  });

  it('shows details it does not know as key: value, never as JSON', () => {
    const lines = detailLines(entry('record.cancel', { status: { from: '未対応', to: 'キャンセル' }, reason: '重複', refund: { amount: 1500, ok: true }, tags: ['a', 'b'] }));
    expect(lines).toEqual(['状態：未対応 → キャンセル', '理由：重複', 'refund: amount: 1500、ok: true', 'tags: a、b']);
    expect(lines.join('')).not.toMatch(/[{}"]/);
    expect(plainText({ nested: { deeper: [1, null] } })).toBe('nested: deeper: 1、');
  });
});
