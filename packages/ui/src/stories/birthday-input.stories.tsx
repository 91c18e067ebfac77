import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { BirthdayInput } from '../components/birthday-input.js';

const meta = {
  title: '入力/BirthdayInput',
  component: BirthdayInput,
  // thisYear fixed, so the year list does not change with the day the stories are looked at.
  args: { item: { itemKey: 'born', type: 'birthday', title: '生年月日', required: true }, value: undefined, onChange: fn(), thisYear: 2026 },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof BirthdayInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const AtEraChange: Story = { args: { item: { itemKey: 'born', type: 'birthday', title: '生年月日' }, value: '2019-05-01' } };
export const WithError: Story = { args: { value: '', error: '必須項目です' } };
export const NotEditable: Story = { args: { item: { itemKey: 'born', type: 'birthday', title: '生年月日' }, value: '1975-08-15', disabled: true } };
