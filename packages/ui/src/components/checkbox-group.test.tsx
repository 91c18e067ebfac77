import type { CheckboxesItem } from '@city/survey-core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Controlled, shownValue } from '../../test/controlled.js';
import { CheckboxGroup } from './checkbox-group.js';

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
