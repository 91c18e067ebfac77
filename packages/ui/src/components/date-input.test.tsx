import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Controlled, shownValue } from '../../test/controlled.js';
import { DateInput } from './date-input.js';

describe('DateInput', () => {
  it('takes a date as YYYY-MM-DD, and a not-editable one cannot change', async () => {
    const user = userEvent.setup();
    render(<Controlled<string>>{(value, onChange) => <DateInput item={{ itemKey: 'day', type: 'date', title: '希望日' }} value={value} onChange={onChange} />}</Controlled>);
    await user.type(screen.getByLabelText(/希望日/), '2026-12-01');
    expect(shownValue()).toBe('2026-12-01');
    render(<DateInput item={{ itemKey: 'sent', type: 'date', title: '受付日' }} value="2026-11-01" onChange={() => undefined} disabled />);
    expect(screen.getByLabelText<HTMLInputElement>(/受付日/).disabled).toBe(true);
  });
});
