import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../components/button.js';

const meta = {
  title: '部品/Button',
  component: Button,
  args: { variant: 'primary', children: '確認する', onClick: fn() },
  argTypes: { variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger'] } },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: '戻る' } };
export const Danger: Story = { args: { variant: 'danger', children: '予約を取り消す' } };
export const Disabled: Story = { args: { disabled: true, children: '送信する' } };
