import { describe, expect, it } from 'vitest';
import { formatYen, orderTotal } from './yen.js';

describe('yen', () => {
  it('formats 税込 amounts as ¥ with thousands separators', () => {
    expect(formatYen(1200)).toBe('¥1,200');
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(1234567)).toBe('¥1,234,567');
  });

  it('totals an order from the products\' prices', () => {
    const products = [
      { productId: 'l', name: '指定ごみ袋（大）', unitPrice: 500 },
      { productId: 's', name: '指定ごみ袋（小）', unitPrice: 300 },
    ];
    expect(orderTotal(products, { items: [{ productId: 'l', quantity: 2 }, { productId: 's', quantity: 1 }] })).toBe(1300);
    expect(orderTotal(products, { items: [{ productId: 'gone', quantity: 3 }] })).toBe(0);
  });
});
