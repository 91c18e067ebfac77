import type { CheckboxesItem, RadioItem, TextFormat } from '@city/survey-core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxGroup, DateInput, Dropdown, RadioGroup } from './choice-inputs.js';
import { TextareaInput, TextInput } from './text-inputs.js';

/** Holds a value the way a form does, and shows it so tests can read what the citizen set. */
function Controlled<Value>({ children }: { children: (value: Value | undefined, onChange: (value: Value) => void) => ReactNode }) {
  const [value, setValue] = useState<Value>();
  return (
    <>
      {children(value, setValue)}
      <output data-testid="value">{value === undefined ? 'null' : JSON.stringify(value)}</output>
    </>
  );
}
const shownValue = () => JSON.parse(screen.getByTestId('value').textContent) as unknown;

describe('TextInput', () => {
  it('updates the answer as the citizen types, and labels the field with its title and 必須', async () => {
    const user = userEvent.setup();
    render(<Controlled<string>>{(value, onChange) => <TextInput item={{ itemKey: 'name', type: 'text', title: 'お名前', required: true }} value={value} onChange={onChange} />}</Controlled>);
    await user.type(screen.getByRole('textbox', { name: /お名前/ }), '山田太郎');
    expect(shownValue()).toBe('山田太郎');
    expect(screen.getByText('必須')).toBeTruthy();
  });

  it.each([
    ['phone', 'tel', 'tel', 'tel'],
    ['email', 'email', 'email', 'email'],
    ['postalCode', 'text', 'numeric', 'postal-code'],
    ['number', 'text', 'decimal', null],
  ] as [TextFormat, string, string, string | null][])('brings up the right phone keyboard for %s', (format, type, inputMode, autoComplete) => {
    render(<TextInput item={{ itemKey: 'q', type: 'text', title: '質問', format }} value="" onChange={() => undefined} />);
    const input = screen.getByLabelText(/質問/);
    expect(input.getAttribute('type')).toBe(type);
    expect(input.getAttribute('inputmode')).toBe(inputMode);
    expect(input.getAttribute('autocomplete')).toBe(autoComplete);
  });

  it('shows its error in Japanese, tied to the field for screen readers', () => {
    render(<TextInput item={{ itemKey: 'name', type: 'text', title: 'お名前', required: true }} value="" onChange={() => undefined} error="必須項目です" />);
    const input = screen.getByRole('textbox', { name: /お名前/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText('必須項目です');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
  });
});

describe('TextareaInput', () => {
  it('counts characters as validation does while the citizen types', async () => {
    const user = userEvent.setup();
    render(<Controlled<string>>{(value, onChange) => <TextareaInput item={{ itemKey: 'memo', type: 'textarea', title: 'ご意見', maxLength: 200 }} value={value} onChange={onChange} />}</Controlled>);
    expect(screen.getByText('0/200文字')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /ご意見/ }), 'よろしく🍣');
    expect(screen.getByText('5/200文字')).toBeTruthy();
  });
});

describe('RadioGroup', () => {
  const item: RadioItem = { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診', '往診'] };

  it('chooses by click, and moves with the arrow keys from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Controlled<string>>{(value, onChange) => <RadioGroup item={item} value={value} onChange={onChange} />}</Controlled>);
    await user.click(screen.getByRole('radio', { name: '初診' }));
    expect(shownValue()).toBe('初診');
    await user.keyboard('{ArrowDown}');
    expect(shownValue()).toBe('再診');
    expect(screen.getByRole('group', { name: /受診歴/ })).toBeTruthy();
  });

  it('is reached with Tab and chosen with Space', async () => {
    const user = userEvent.setup();
    render(<Controlled<string>>{(value, onChange) => <RadioGroup item={item} value={value} onChange={onChange} />}</Controlled>);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '初診' }));
    await user.keyboard(' ');
    expect(shownValue()).toBe('初診');
  });
});

describe('CheckboxGroup', () => {
  const item: CheckboxesItem = { itemKey: 'days', type: 'checkboxes', title: '希望曜日', options: ['月', '火', '水', '木'], maxChoices: 2 };

  it('keeps choices in the order of the options, and stops at the maximum', async () => {
    const user = userEvent.setup();
    render(<Controlled<string[]>>{(value, onChange) => <CheckboxGroup item={item} value={value} onChange={onChange} />}</Controlled>);
    const hint = screen.getByText('2個まで選べます');
    expect(screen.getByRole('group', { name: /希望曜日/ }).getAttribute('aria-describedby')).toContain(hint.parentElement?.id);
    await user.click(screen.getByRole('checkbox', { name: '水' }));
    await user.click(screen.getByRole('checkbox', { name: '月' }));
    expect(shownValue()).toEqual(['月', '水']);
    const thursday = screen.getByRole<HTMLInputElement>('checkbox', { name: '木' });
    expect(thursday.disabled).toBe(true);
    await user.click(thursday);
    expect(shownValue()).toEqual(['月', '水']);
    await user.click(screen.getByRole('checkbox', { name: '月' }));
    expect(thursday.disabled).toBe(false);
  });

  it('toggles with Space from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Controlled<string[]>>{(value, onChange) => <CheckboxGroup item={item} value={value} onChange={onChange} />}</Controlled>);
    await user.tab();
    await user.keyboard(' ');
    expect(shownValue()).toEqual(['月']);
  });
});

describe('Dropdown and DateInput', () => {
  it('choose from the list, starting at 選択してください', async () => {
    const user = userEvent.setup();
    render(<Controlled<string>>{(value, onChange) => <Dropdown item={{ itemKey: 'area', type: 'dropdown', title: '地区', options: ['東区', '西区'] }} value={value} onChange={onChange} />}</Controlled>);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: /地区/ });
    expect(select.selectedOptions[0]?.textContent).toBe('選択してください');
    await user.selectOptions(select, '西区');
    expect(shownValue()).toBe('西区');
  });

  it('takes a date as YYYY-MM-DD, and a not-editable one cannot change', async () => {
    const user = userEvent.setup();
    render(<Controlled<string>>{(value, onChange) => <DateInput item={{ itemKey: 'day', type: 'date', title: '希望日' }} value={value} onChange={onChange} />}</Controlled>);
    await user.type(screen.getByLabelText(/希望日/), '2026-12-01');
    expect(shownValue()).toBe('2026-12-01');
    render(<DateInput item={{ itemKey: 'sent', type: 'date', title: '受付日' }} value="2026-11-01" onChange={() => undefined} disabled />);
    expect(screen.getByLabelText<HTMLInputElement>(/受付日/).disabled).toBe(true);
  });
});
