import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Dropdown } from '../components/dropdown.js';

const meta = {
  title: '入力/Dropdown',
  component: Dropdown,
  args: {
    item: { itemKey: 'area', type: 'dropdown', title: 'お住まいの地区', options: ['東区', '西区', '南区', '北区', '中央区'], required: true },
    value: undefined,
    onChange: fn(),
  },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof Dropdown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Chosen: Story = { args: { value: '中央区' } };
export const WithError: Story = { args: { value: '', error: '必須項目です' } };
export const NotEditable: Story = { args: { value: '東区', disabled: true } };
