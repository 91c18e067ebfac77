import type { RadioItem } from '@city/survey-core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Controlled, shownValue } from '../../test/controlled.js';
import { RadioGroup } from './radio-group.js';

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
