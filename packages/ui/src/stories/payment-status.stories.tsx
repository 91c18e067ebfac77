import type { Meta, StoryObj } from '@storybook/react-vite';
import { PaymentStatus } from '../components/payment-status.js';

const meta = {
  title: '支払い/PaymentStatus',
  component: PaymentStatus,
  args: { status: 'paid' },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof PaymentStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Paid: Story = {};
export const Pending: Story = { args: { status: 'pending' } };
export const Cancelled: Story = { args: { status: 'cancelled' } };
export const Failed: Story = { args: { status: 'failed' } };
export const Expired: Story = { args: { status: 'expired' } };
export const Refunded: Story = { args: { status: 'refunded' } };
export const RefundPending: Story = { args: { status: 'paid', refundPending: true } };
