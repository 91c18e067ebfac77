import type { TextFormat } from '@city/survey-core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Controlled, shownValue } from '../../test/controlled.js';
import { TextInput } from './text-input.js';

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
