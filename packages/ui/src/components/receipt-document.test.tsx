import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReceiptDocumentProps } from './receipt-document.js';
import { ReceiptDocument } from './receipt-document.js';

const props: ReceiptDocumentProps = {
  recipientName: '山田 太郎',
  total: 1500,
  proviso: '健康診断 受診料として',
  receiptNumber: 'K7Q-4M2X',
  lines: [{ productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, quantity: 1, subtotal: 1500 }],
  paymentMethod: 'card',
  // 2026-11-22 23:30 UTC is 11月23日 in Japan.
  paidAt: Date.UTC(2026, 10, 22, 23, 30),
  issuedAt: Date.UTC(2026, 11, 1, 16, 0),
  issuer: { name: 'デモ市 保健福祉課', address: '東京都デモ市中央1-1-1', phone: '03-1234-5678', registrationNumber: 'T1234567890123' },
};

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('ReceiptDocument', () => {
  it('carries what a 領収書 needs: 宛名, 金額, 但し書き, 受付番号, the lines, how and when it was paid, 発行日 and 発行者', () => {
    render(<ReceiptDocument {...props} />);
    const receipt = screen.getByRole('region', { name: '領収書' });
    expect(within(receipt).getByText('様', { exact: false }).textContent).toBe('山田 太郎 様');
    expect(fact('金額')).toBe('¥1,500-（税込）');
    expect(fact('但し書き')).toBe('健康診断 受診料として');
    expect(fact('受付番号')).toBe('K7Q-4M2X');
    expect(fact('お支払い方法')).toBe('クレジットカード');
    expect(fact('支払日')).toBe('2026年11月23日');
    // Japan's date, not the device's: 16:00 UTC on 1 December is 2 December in Japan.
    expect(fact('発行日')).toBe('2026年12月2日');
    expect(within(receipt).getByRole('table', { name: '内訳' }).textContent).toContain('特定健診 受診料');
    expect(within(receipt).getByText('合計 ¥1,500（税込）')).toBeTruthy();
    for (const line of ['デモ市 保健福祉課', '東京都デモ市中央1-1-1', '電話 03-1234-5678', '登録番号 T1234567890123']) expect(within(receipt).getByText(line)).toBeTruthy();
  });

  it('names each payment method in words, and an unknown one as it is', () => {
    const { rerender } = render(<ReceiptDocument {...props} paymentMethod="konbini" />);
    expect(fact('お支払い方法')).toBe('コンビニ払い');
    rerender(<ReceiptDocument {...props} paymentMethod="paypay" />);
    expect(fact('お支払い方法')).toBe('PayPay');
    rerender(<ReceiptDocument {...props} paymentMethod="bank_transfer" />);
    expect(fact('お支払い方法')).toBe('bank_transfer');
  });

  it('lets the citizen make it out to someone else before printing', async () => {
    render(<ReceiptDocument {...props} />);
    const recipient = screen.getByLabelText('宛名（印刷する前に変更できます）');
    expect((recipient as HTMLInputElement).value).toBe('山田 太郎');
    await userEvent.clear(recipient);
    await userEvent.type(recipient, '山田 花子');
    expect(screen.getByTestId('receipt-recipient').textContent).toBe('山田 花子');
  });

  it('leaves out what the municipality has not set (address, phone, registration number)', () => {
    render(<ReceiptDocument {...props} issuer={{ name: 'デモ市 保健福祉課' }} />);
    const receipt = screen.getByRole('region', { name: '領収書' });
    expect(within(receipt).queryByText(/登録番号/)).toBeNull();
    expect(within(receipt).queryByText(/電話/)).toBeNull();
  });
});
