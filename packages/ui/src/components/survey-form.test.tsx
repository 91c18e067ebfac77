import type { Answers, SurveyConfig } from '@city/survey-core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SurveyConfirm, SurveyForm } from './survey-form.js';

const survey: SurveyConfig = {
  surveyId: 'clinic',
  surveySchema: [
    { itemKey: 'intro', type: 'guide', title: 'ご案内', description: '受診の前にご記入ください。' },
    { itemKey: 'name', type: 'text', title: 'お名前', required: true },
    { itemKey: 'phone', type: 'text', title: '電話番号', format: 'phone', required: true },
    { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診'], required: true },
    { itemKey: 'memo', type: 'text', title: '職員メモ', isAdminItem: true, required: true },
  ],
};

function Form({ onSubmit }: { onSubmit: (answers: Answers) => void }) {
  const [answers, setAnswers] = useState<Answers>({});
  return <SurveyForm config={survey} answers={answers} onAnswersChange={setAnswers} onSubmit={onSubmit} />;
}

describe('SurveyForm', () => {
  it('leaves staff-only items out and shows guides', () => {
    render(<Form onSubmit={() => undefined} />);
    expect(screen.queryByLabelText(/職員メモ/)).toBeNull();
    expect(screen.getByText('受診の前にご記入ください。')).toBeTruthy();
  });

  it('on 確認する, shows every problem in Japanese, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: /電話番号/ }), '12345');
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('入力内容を確認してください（3件）。')).toBeTruthy();
    expect(screen.getAllByText('必須項目です')).toHaveLength(2);
    expect(screen.getByText('電話番号は半角数字で入力してください（例: 090-1234-5678）')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /お名前/ }));
  });

  it('clears each error as it is fixed, then sends the answers (staff-only items not asked)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect(screen.getAllByText('必須項目です')).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: /お名前/ }), '山田太郎');
    expect(screen.getAllByText('必須項目です')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: /電話番号/ }), '０９０ー１２３４ー５６７８');
    await user.click(screen.getByRole('radio', { name: '再診' }));
    expect(screen.queryByText('必須項目です')).toBeNull();
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: '山田太郎', phone: '０９０ー１２３４ー５６７８', visit: '再診' });
  });

  it('checks an item when the citizen leaves it, not before', async () => {
    const user = userEvent.setup();
    render(<Form onSubmit={() => undefined} />);
    expect(screen.queryByText('必須項目です')).toBeNull();
    await user.click(screen.getByRole('textbox', { name: /お名前/ }));
    await user.tab();
    expect(screen.getAllByText('必須項目です')).toHaveLength(1);
  });

  it('shows the error of an item left by a tap only once the tap has ended, so nothing moves under the finger', async () => {
    render(<Form onSubmit={() => undefined} />);
    const phone = screen.getByRole('textbox', { name: /電話番号/ });
    const option = screen.getByRole('radio', { name: '再診' });
    act(() => {
      phone.focus();
    });
    // The browser's order for a tap on another control: press, focus moves, release, click.
    fireEvent.pointerDown(option);
    act(() => {
      option.focus();
    });
    expect(screen.queryByText('必須項目です')).toBeNull();
    fireEvent.pointerUp(option);
    expect(screen.queryByText('必須項目です')).toBeNull();
    fireEvent.click(option);
    expect((option as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByText('必須項目です')).toHaveLength(1);
  });

  it('shows that error anyway when a press ends with no click (a drag off the control)', () => {
    vi.useFakeTimers();
    try {
      render(<Form onSubmit={() => undefined} />);
      const name = screen.getByRole('textbox', { name: /お名前/ });
      act(() => {
        name.focus();
      });
      fireEvent.pointerDown(document.body);
      act(() => {
        name.blur();
      });
      fireEvent.pointerUp(document.body);
      expect(screen.queryByText('必須項目です')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(400);
      });
      expect(screen.getAllByText('必須項目です')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be filled and sent with the keyboard alone', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    await user.tab();
    await user.keyboard('山田太郎');
    await user.tab();
    await user.keyboard('03-1234-5678');
    await user.tab();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ name: '山田太郎', phone: '03-1234-5678', visit: '初診' });
  });
});

describe('SurveyForm with files and limits', () => {
  it('keeps what the citizen typed while a file was uploading', async () => {
    const user = userEvent.setup();
    let finishUpload: (refs: { name: string; url: string }[]) => void = () => undefined;
    const upload = () => new Promise<{ name: string; url: string }[]>((resolve) => { finishUpload = resolve; });
    const config: SurveyConfig = { surveyId: 'f', surveySchema: [{ itemKey: 'docs', type: 'files', title: '書類' }, { itemKey: 'name', type: 'text', title: 'お名前' }] };
    const onSubmit = vi.fn();
    function Form() {
      const [answers, setAnswers] = useState<Answers>({});
      return <SurveyForm config={config} answers={answers} onAnswersChange={setAnswers} onSubmit={onSubmit} upload={upload} />;
    }
    render(<Form />);
    await user.upload(screen.getByLabelText(/ファイルを選ぶ/), new File(['x'], '写真.png', { type: 'image/png' }));
    expect(screen.getByText('ファイルを送っています…')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /お名前/ }), '山田');
    await act(async () => {
      finishUpload([{ name: '写真.png', url: 'https://files.example/1' }]);
      await Promise.resolve();
    });
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: '山田', docs: [{ name: '写真.png', url: 'https://files.example/1' }] });
  });

  it('says so when an upload fails, and keeps the files already there', async () => {
    const user = userEvent.setup();
    const config: SurveyConfig = { surveyId: 'f', surveySchema: [{ itemKey: 'docs', type: 'files', title: '書類' }] };
    function Form() {
      const [answers, setAnswers] = useState<Answers>({ docs: [{ name: '前の写真.png', url: 'https://files.example/0' }] });
      return <SurveyForm config={config} answers={answers} onAnswersChange={setAnswers} onSubmit={() => undefined} upload={() => Promise.reject(new Error('offline'))} />;
    }
    render(<Form />);
    await user.upload(screen.getByLabelText(/ファイルを選ぶ/), new File(['x'], '写真.png', { type: 'image/png' }));
    expect(await screen.findByText('ファイルを送れませんでした。もう一度お試しください。')).toBeTruthy();
    expect(screen.getByText('前の写真.png')).toBeTruthy();
  });

  it('refuses to render a files survey without an upload function: a developer mistake', () => {
    const config: SurveyConfig = { surveyId: 'f', surveySchema: [{ itemKey: 'docs', type: 'files', title: '書類' }] };
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the thrown error too
    expect(() => render(<SurveyForm config={config} answers={{}} onAnswersChange={() => undefined} onSubmit={() => undefined} />)).toThrow(/upload/);
    vi.restoreAllMocks();
  });

  it('asks for at least minChoices checkboxes', async () => {
    const user = userEvent.setup();
    const config: SurveyConfig = { surveyId: 'c', surveySchema: [{ itemKey: 'days', type: 'checkboxes', title: '希望曜日', options: ['月', '火', '水'], minChoices: 2 }] };
    const onSubmit = vi.fn();
    function Form() {
      const [answers, setAnswers] = useState<Answers>({});
      return <SurveyForm config={config} answers={answers} onAnswersChange={setAnswers} onSubmit={onSubmit} />;
    }
    render(<Form />);
    await user.click(screen.getByRole('checkbox', { name: '月' }));
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect(screen.getByText('2個以上選んでください')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: '水' }));
    expect(screen.queryByText('2個以上選んでください')).toBeNull();
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect(onSubmit).toHaveBeenCalledWith({ days: ['月', '水'] });
  });
});

describe('SurveyConfirm', () => {
  it('lists each item with its answer as the confirm screen shows it', () => {
    const config: SurveyConfig = {
      surveyId: 'x',
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前' },
        { itemKey: 'born', type: 'birthday', title: '生年月日' },
        { itemKey: 'days', type: 'checkboxes', title: '希望曜日', options: ['月', '火', '水'] },
        { itemKey: 'bags', type: 'selectProducts', title: 'ごみ袋', products: [{ productId: 'l', name: '大', unitPrice: 500 }] },
        { itemKey: 'memo', type: 'textarea', title: 'ご意見' },
        { itemKey: 'staff', type: 'text', title: '職員メモ', isAdminItem: true },
      ],
    };
    render(<SurveyConfirm config={config} answers={{ name: '山田太郎', born: '2019-05-01', days: ['月', '水'], bags: ['l', 'l'], staff: '内部' }} />);
    const rows = Array.from(document.querySelectorAll('.city-confirm__row')).map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);
    expect(rows).toEqual([
      ['お名前', '山田太郎'],
      ['生年月日', '2019年5月1日（令和元年5月1日）'],
      ['希望曜日', '月、水'],
      ['ごみ袋', '大 × 2（合計 ¥1,000 税込）'],
      ['ご意見', '未回答'],
    ]);
  });
});
