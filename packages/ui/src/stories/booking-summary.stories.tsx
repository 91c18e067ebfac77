import type { Meta, StoryObj } from '@storybook/react-vite';
import { BookingSummary } from '../components/booking-summary.js';

const meta = {
  title: '予約/BookingSummary',
  component: BookingSummary,
  args: { title: '特定健診', date: '2026-12-01', start: '10:00', end: '11:00', place: '中央保健センター' },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof BookingSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Booking: Story = {};
export const WithoutTitle: Story = { args: { title: undefined } };
export const LongPlace: Story = { args: { title: '高齢者インフルエンザ予防接種（2回目）', place: '南部市民センター 2階 多目的ホール（エレベーターをご利用ください）' } };
