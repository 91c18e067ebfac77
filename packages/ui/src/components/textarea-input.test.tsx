import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Controlled } from '../../test/controlled.js';
import { TextareaInput } from './textarea-input.js';

describe('TextareaInput', () => {
  it('counts characters as validation does while the citizen types', async () => {
    const user = userEvent.setup();
    render(<Controlled<string>>{(value, onChange) => <TextareaInput item={{ itemKey: 'memo', type: 'textarea', title: 'ご意見', maxLength: 200 }} value={value} onChange={onChange} />}</Controlled>);
    expect(screen.getByText('0/200文字')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /ご意見/ }), 'よろしく🍣');
    expect(screen.getByText('5/200文字')).toBeTruthy();
  });
});
