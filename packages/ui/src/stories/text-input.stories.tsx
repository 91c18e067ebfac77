import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TextInput } from '../components/text-input.js';

const meta = {
  title: '入力/TextInput',
  component: TextInput,
  args: {
    item: { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 30 },
    value: '',
    onChange: fn(),
  },
  tags: ['autodocs'],
} satisfies Meta<typeof TextInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: '山田 太郎' } };
export const WithError: Story = { args: { error: '必須項目です' } };
export const NotEditable: Story = { args: { value: '山田 太郎', disabled: true } };
export const Phone: Story = { args: { item: { itemKey: 'tel', type: 'text', title: '電話番号', format: 'phone', description: 'ハイフンはあってもなくても構いません。' } } };
export const LongJapaneseText: Story = {
  args: {
    item: { itemKey: 'address', type: 'text', title: 'ご住所（建物名・部屋番号まで、住民票に記載のとおりにご記入ください）', format: 'address' },
    value: '福岡県福岡市中央区天神一丁目八番一号 福岡市役所本庁舎 十五階 市民局 コミュニティ推進部',
  },
};
