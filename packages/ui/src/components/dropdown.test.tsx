import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Controlled, shownValue } from '../../test/controlled.js';
import { Dropdown } from './dropdown.js';

describe('Dropdown', () => {
  it('chooses from the list, starting at 選択してください', async () => {
    const user = userEvent.setup();
    render(<Controlled<string>>{(value, onChange) => <Dropdown item={{ itemKey: 'area', type: 'dropdown', title: '地区', options: ['東区', '西区'] }} value={value} onChange={onChange} />}</Controlled>);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: /地区/ });
    expect(select.selectedOptions[0]?.textContent).toBe('選択してください');
    await user.selectOptions(select, '西区');
    expect(shownValue()).toBe('西区');
  });
});
