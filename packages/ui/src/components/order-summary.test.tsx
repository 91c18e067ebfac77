import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderSummary } from './order-summary.js';

describe('OrderSummary', () => {
  it('shows each line with its 税込 unit price, quantity and subtotal, then the total', () => {
    render(
      <OrderSummary
        lines={[
          { productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, quantity: 1, subtotal: 1500 },
          { productId: 'bags', name: 'ごみ袋', unitPrice: 500, quantity: 3, subtotal: 1500 },
        ]}
        total={3000}
      />,
    );
    const table = screen.getByRole('table', { name: 'ご注文内容' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['品名', '単価（税込）', '数量', '小計']);
    const bags = within(table).getByRole('row', { name: /ごみ袋/ });
    expect(within(bags).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['¥500', '3', '¥1,500']);
    expect(within(table).getByText('合計 ¥3,000（税込）')).toBeTruthy();
  });

  it('takes another caption', () => {
    render(<OrderSummary lines={[{ productId: 'p', name: '受診料', unitPrice: 1500, quantity: 1, subtotal: 1500 }]} total={1500} title="内訳" />);
    expect(screen.getByRole('table', { name: '内訳' })).toBeTruthy();
    expect(screen.getByText('合計 ¥1,500（税込）')).toBeTruthy();
  });
});
