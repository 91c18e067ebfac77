import type { Meta, StoryObj } from '@storybook/react-vite';
import { ReceiptDocument } from '../components/receipt-document.js';

const meta = {
  title: '支払い/ReceiptDocument',
  component: ReceiptDocument,
  args: {
    recipientName: '山田 太郎',
    total: 1500,
    proviso: '健康診断 受診料として',
    receiptNumber: 'K7Q-4M2X',
    lines: [{ productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, quantity: 1, subtotal: 1500 }],
    paymentMethod: 'card',
    paidAt: Date.UTC(2026, 10, 23, 3, 0),
    issuedAt: Date.UTC(2026, 10, 23, 5, 0),
    issuer: { name: 'デモ市 保健福祉課', address: '東京都デモ市中央1-1-1', phone: '03-1234-5678', registrationNumber: 'T1234567890123' },
  },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof ReceiptDocument>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Card: Story = {};
export const Konbini: Story = { args: { paymentMethod: 'konbini' } };
export const PayPay: Story = { args: { paymentMethod: 'paypay' } };
export const IssuerNameOnly: Story = { args: { issuer: { name: 'デモ市 保健福祉課' } } };
export const SeveralLines: Story = {
  args: {
    total: 2300,
    lines: [
      { productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, quantity: 1, subtotal: 1500 },
      { productId: 'blood-test', name: '追加血液検査', unitPrice: 800, quantity: 1, subtotal: 800 },
    ],
  },
};
export const LongNames: Story = { args: { recipientName: '株式会社デモ市総合サービス 総務部 経理課 御中', proviso: '高齢者インフルエンザ予防接種（2回目）自己負担金として' } };
