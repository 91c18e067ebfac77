import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentState } from './payment-status.js';
import { PaymentStatus } from './payment-status.js';

describe('PaymentStatus', () => {
  it.each<[PaymentState, string]>([
    ['paid', '支払い済み'],
    ['pending', 'お支払い待ち'],
    ['cancelled', 'キャンセル'],
    ['failed', 'お支払い失敗'],
    ['expired', '期限切れ'],
    ['refunded', '返金済み'],
  ])('says %s in words', (status, words) => {
    const { container } = render(<PaymentStatus status={status} />);
    // The mark is hidden from screen readers: the words carry the state.
    expect(container.textContent).toContain(`お支払い: ${words}`);
    expect(screen.getByText(`お支払い: ${words}`, { exact: false })).toBeTruthy();
  });
});

describe('PaymentStatus of a refund not confirmed yet', () => {
  it.each<PaymentState>(['paid', 'expired', 'cancelled'])('says 返金手続き中 for a %s order with refundPending, not its status', (status) => {
    const { container } = render(<PaymentStatus status={status} refundPending />);
    expect(container.textContent).toContain('お支払い: 返金手続き中');
    expect(container.textContent).not.toContain('支払い済み');
  });
});
