import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DateInput } from '../components/date-input.js';

const meta = {
  title: '入力/DateInput',
  component: DateInput,
  args: { item: { itemKey: 'day', type: 'date', title: '希望日' }, value: undefined, onChange: fn() },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof DateInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithError: Story = { args: { item: { itemKey: 'day', type: 'date', title: '希望日', required: true }, value: '', error: '必須項目です' } };
export const NotEditable: Story = { args: { value: '2026-12-01', disabled: true } };
