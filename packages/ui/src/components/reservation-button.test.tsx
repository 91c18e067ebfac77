import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReservationButton } from './reservation-button.js';

describe('ReservationButton', () => {
  it('offers to choose a slot, then shows the chosen one and offers to change it', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    const item = { itemKey: 'slot', type: 'reservation', title: '予約枠' } as const;
    const { rerender } = render(<ReservationButton item={item} value={undefined} onChoose={onChoose} />);
    await user.click(screen.getByRole('button', { name: '予約枠を選ぶ' }));
    expect(onChoose).toHaveBeenCalledTimes(1);
    rerender(<ReservationButton item={item} value="c1|20261201|s3" slotLabel="12月1日（火）10:00〜10:30" onChoose={onChoose} />);
    expect(screen.getByText('選択中の予約枠: 12月1日（火）10:00〜10:30')).toBeTruthy();
    expect(screen.getByRole('button', { name: '予約枠を変更する' })).toBeTruthy();
    screen.getByRole('button', { name: '予約枠を変更する' }).focus();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledTimes(2);
  });
});
