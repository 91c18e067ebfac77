import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ProductSelection } from './product-selection.js';

describe('ProductSelection', () => {
  it('updates quantities and the 税込 total as the citizen taps the steppers', async () => {
    const user = userEvent.setup();
    function Products() {
      const [value, setValue] = useState<string[]>();
      return (
        <>
          <ProductSelection
            item={{ itemKey: 'bags', type: 'selectProducts', title: '指定ごみ袋', products: [{ productId: 'l', name: 'ごみ袋（大）', unitPrice: 500 }, { productId: 's', name: 'ごみ袋（小）', unitPrice: 300 }] }}
            value={value}
            onChange={setValue}
          />
          <output data-testid="value">{JSON.stringify(value ?? [])}</output>
        </>
      );
    }
    render(<Products />);
    expect(screen.getByText('合計 ¥0（税込）')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'ごみ袋（大）を1つ増やす' }));
    await user.click(screen.getByRole('button', { name: 'ごみ袋（大）を1つ増やす' }));
    await user.click(screen.getByRole('button', { name: 'ごみ袋（小）を1つ増やす' }));
    expect(screen.getByText('合計 ¥1,300（税込）')).toBeTruthy();
    expect(screen.getByText('単価 ¥500（税込）')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('value').textContent)).toEqual(['l', 'l', 's']);
    await user.click(screen.getByRole('button', { name: 'ごみ袋（大）を1つ減らす' }));
    expect(screen.getByText('合計 ¥800（税込）')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'ごみ袋（小）を1つ減らす' }).disabled).toBe(false);
  });

  it('works from the keyboard: Tab to a stepper, Enter or Space to change the quantity', async () => {
    const user = userEvent.setup();
    function Products() {
      const [value, setValue] = useState<string[]>();
      return <ProductSelection item={{ itemKey: 'bags', type: 'selectProducts', title: '指定ごみ袋', products: [{ productId: 'l', name: 'ごみ袋（大）', unitPrice: 500 }] }} value={value} onChange={setValue} />;
    }
    render(<Products />);
    await user.tab();
    const minus = screen.getByRole('button', { name: 'ごみ袋（大）を1つ減らす' });
    expect(document.activeElement).toBe(minus);
    expect(minus.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}'); // nothing to take away at 0
    await user.tab();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(screen.getByText('合計 ¥1,000（税込）')).toBeTruthy();
    expect(screen.getByLabelText('ごみ袋（大）の数量').textContent).toBe('2');
    // Back to 0 with the keyboard: the minus button keeps the focus as it becomes unavailable.
    await user.tab({ shift: true });
    await user.keyboard('{Enter}{Enter}');
    expect(document.activeElement).toBe(minus);
    expect(screen.getByText('合計 ¥0（税込）')).toBeTruthy();
  });
});

describe('ProductSelection limits', () => {
  it("stops at each product's maxQuantity (a fee bought once), and at the default of 10 without one", async () => {
    const user = userEvent.setup();
    function Products() {
      const [value, setValue] = useState<string[]>();
      return (
        <ProductSelection
          item={{ itemKey: 'fee', type: 'selectProducts', title: '受診料', products: [{ productId: 'fee', name: '受診料', unitPrice: 1500, maxQuantity: 1 }, { productId: 'bag', name: 'ごみ袋', unitPrice: 100 }] }}
          value={value}
          onChange={setValue}
        />
      );
    }
    render(<Products />);
    const moreFee = screen.getByRole('button', { name: '受診料を1つ増やす' });
    await user.click(moreFee);
    await user.click(moreFee);
    expect(screen.getByLabelText('受診料の数量').textContent).toBe('1');
    expect(moreFee.getAttribute('aria-disabled')).toBe('true');
    const moreBags = screen.getByRole('button', { name: 'ごみ袋を1つ増やす' });
    for (let tap = 0; tap < 12; tap += 1) await user.click(moreBags);
    expect(screen.getByLabelText('ごみ袋の数量').textContent).toBe('10');
    expect(screen.getByText('合計 ¥2,500（税込）')).toBeTruthy();
  });
});

describe('ProductSelection, disabled', () => {
  it('shows what is bought and its total, and no tap changes it (a paid booking being edited)', async () => {
    const user = userEvent.setup();
    const changes: string[][] = [];
    render(
      <ProductSelection
        item={{ itemKey: 'fee', type: 'selectProducts', title: '受診料', products: [{ productId: 'fee', name: '受診料', unitPrice: 1500, maxQuantity: 2 }] }}
        value={['fee']}
        onChange={(value) => changes.push(value)}
        disabled
      />,
    );
    const more = screen.getByRole('button', { name: '受診料を1つ増やす' });
    const less = screen.getByRole('button', { name: '受診料を1つ減らす' });
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(less.getAttribute('aria-disabled')).toBe('true');
    await user.click(more);
    await user.click(less);
    expect(changes).toEqual([]);
    expect(screen.getByLabelText('受診料の数量').textContent).toBe('1');
    expect(screen.getByText('合計 ¥1,500（税込）')).toBeTruthy();
  });
});
