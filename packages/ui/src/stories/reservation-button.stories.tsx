import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ReservationButton } from '../components/reservation-button.js';

const meta = {
  title: '入力/ReservationButton',
  component: ReservationButton,
  args: { item: { itemKey: 'slot', type: 'reservation', title: '予約枠', required: true }, value: undefined, onChoose: fn() },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof ReservationButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotChosen: Story = {};
export const Chosen: Story = { args: { item: { itemKey: 'slot', type: 'reservation', title: '予約枠' }, value: 'c1|20261201|s3', slotLabel: '12月1日（火）10:00〜10:30' } };
export const WithError: Story = { args: { error: '必須項目です' } };
