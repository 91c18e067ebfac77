import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CheckboxGroup } from '../components/checkbox-group.js';

const checkboxes = { itemKey: 'days', type: 'checkboxes', title: '希望曜日', options: ['月曜日', '火曜日', '水曜日', '木曜日', '金曜日'], maxChoices: 2 } as const;

const meta = {
  title: '入力/CheckboxGroup',
  component: CheckboxGroup,
  args: { item: checkboxes, value: undefined, onChange: fn() },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof CheckboxGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const AtMaximum: Story = { args: { value: ['月曜日', '水曜日'] } };
export const WithError: Story = { args: { item: { ...checkboxes, required: true }, value: [], error: '必須項目です' } };
export const NotEditable: Story = { args: { value: ['火曜日'], disabled: true } };
