import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Dialog } from '../components/dialog.js';

const meta = {
  title: '部品/Dialog',
  component: Dialog,
  args: {
    open: true,
    title: '予約を取り消しますか？',
    danger: true,
    confirmLabel: '取り消す',
    onConfirm: fn(),
    onCancel: fn(),
    children: <p>取り消した予約は元に戻せません。</p>,
  },
  // On the docs page each story gets a frame of its own: the open dialog covers its whole page.
  parameters: { layout: 'padded', docs: { story: { inline: false, height: '360px' } } },
  tags: ['autodocs'],
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ConfirmDialog: Story = {};
