import type { ApiClient } from '@city/api-client';
import { ApiError } from '@city/api-client';
import type { Answers } from '@city/survey-core';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_SAVE_DELAY_MS, useSurveyDraft } from './survey-draft.js';

type DraftApi = Pick<ApiClient, 'getDraft' | 'saveDraft' | 'discardDraft'>;

function draftApi(stored: Answers | null): DraftApi & { saves: Answers[]; discards: number } {
  const api = {
    saves: [] as Answers[],
    discards: 0,
    getDraft: vi.fn(() => Promise.resolve({ data: stored === null ? null : { answers: { ...stored }, savedAt: 1, expiresAt: 2 } })),
    saveDraft: vi.fn((body: { answers: Answers }) => {
      api.saves.push(body.answers);
      return Promise.resolve({ data: { savedAt: 1, expiresAt: 2 } });
    }),
    discardDraft: vi.fn(() => {
      api.discards += 1;
      return Promise.resolve({ result: 'OK' as const });
    }),
  };
  return api;
}

/** The form: its answers, changed by the citizen or put back by the draft. */
function openForm(api: DraftApi, options: { answers?: Answers; active?: boolean } = {}) {
  let answers: Answers = options.answers ?? {};
  const onRestore = vi.fn((restored: Answers) => {
    answers = restored;
    view.rerender({ answers, active: options.active ?? true });
  });
  const view = renderHook(({ answers: current, active }: { answers: Answers; active: boolean }) => useSurveyDraft({ api, surveyId: 's1', answers: current, active, onRestore }), {
    initialProps: { answers, active: options.active ?? true },
  });
  const type = (changed: Answers) => {
    answers = changed;
    view.rerender({ answers, active: options.active ?? true });
  };
  return { view, onRestore, type, answers: () => answers };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a survey form\'s draft', () => {
  it('is put back into a form that opens blank, and says so', async () => {
    const api = draftApi({ name: '山田太郎', services: ['図書館'] });
    const form = openForm(api);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(form.answers()).toEqual({ name: '山田太郎', services: ['図書館'] });
    expect(form.view.result.current.restored).toBe(true);
    // Putting it back is no change to save.
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2));
    expect(api.saves).toEqual([]);
  });

  it('is saved once the citizen pauses, once for a burst of keystrokes', async () => {
    const api = draftApi(null);
    const form = openForm(api);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(form.view.result.current.restored).toBe(false);
    form.type({ name: '山' });
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS / 2));
    form.type({ name: '山田' });
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 1));
    expect(api.saves).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.saves).toEqual([{ name: '山田' }]);
  });

  it('is saved at once when the page is hidden (another chat, the app closed)', async () => {
    const api = draftApi(null);
    const form = openForm(api);
    await act(() => vi.advanceTimersByTimeAsync(0));
    form.type({ name: '山田太郎' });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(api.saves).toEqual([{ name: '山田太郎' }]);
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2));
    expect(api.saves).toHaveLength(1);
  });

  it('is saved when the form is left before the pause ends', async () => {
    const api = draftApi(null);
    const form = openForm(api);
    await act(() => vi.advanceTimersByTimeAsync(0));
    form.type({ name: '山田' });
    form.view.unmount();
    expect(api.saves).toEqual([{ name: '山田' }]);
  });

  it('leaves what the citizen typed before it arrived', async () => {
    let answer: (value: { data: { answers: Answers; savedAt: number; expiresAt: number } }) => void = () => undefined;
    const api = { ...draftApi(null), getDraft: vi.fn(() => new Promise<{ data: { answers: Answers; savedAt: number; expiresAt: number } }>((resolve) => (answer = resolve))) };
    const form = openForm(api);
    form.type({ name: '佐藤' });
    await act(async () => {
      answer({ data: { answers: { name: '山田' }, savedAt: 1, expiresAt: 2 } });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(form.answers()).toEqual({ name: '佐藤' });
    expect(form.view.result.current.restored).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS));
    expect(api.saves).toEqual([{ name: '佐藤' }]);
  });

  it('is discarded on request: the form blank again, the server\'s copy removed, nothing saved after', async () => {
    const api = draftApi({ name: '山田太郎' });
    const form = openForm(api);
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => {
      form.view.result.current.discard();
    });
    expect(form.answers()).toEqual({});
    expect(form.view.result.current.restored).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2));
    expect(api.discards).toBe(1);
    expect(api.saves).toEqual([]);
  });

  it('is neither read nor saved while a stored record is edited', async () => {
    const api = draftApi({ name: '山田太郎' });
    const form = openForm(api, { answers: { name: '記録の名前' }, active: false });
    form.type({ name: '変更' });
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2));
    expect(api.getDraft).not.toHaveBeenCalled();
    expect(api.saves).toEqual([]);
  });

  it('never stops the form when the server cannot be reached', async () => {
    const failing = new ApiError('offline', { code: 'ERR_NETWORK' });
    const api = { ...draftApi(null), getDraft: vi.fn(() => Promise.resolve(failing)), saveDraft: vi.fn(() => Promise.reject(new Error('boom'))) };
    const form = openForm(api);
    await act(() => vi.advanceTimersByTimeAsync(0));
    form.type({ name: '山田' });
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS));
    expect(api.saveDraft).toHaveBeenCalledTimes(1);
    expect(form.answers()).toEqual({ name: '山田' });
    // Not saved: tried again with the next change.
    form.type({ name: '山田太郎' });
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS));
    expect(api.saveDraft).toHaveBeenCalledTimes(2);
  });
});
