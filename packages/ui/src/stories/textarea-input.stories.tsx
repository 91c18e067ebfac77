import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TextareaInput } from '../components/textarea-input.js';

const textarea = { itemKey: 'opinion', type: 'textarea', title: 'ご意見・ご要望', maxLength: 200 } as const;

const meta = {
  title: '入力/TextareaInput',
  component: TextareaInput,
  args: { item: textarea, value: undefined, onChange: fn() },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof TextareaInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithCounter: Story = { args: { value: 'いつも丁寧にご対応いただき、ありがとうございます。' } };
export const WithError: Story = { args: { item: { ...textarea, required: true }, value: '', error: '必須項目です' } };
export const NotEditable: Story = { args: { value: '送信済みのご意見です。', disabled: true } };
