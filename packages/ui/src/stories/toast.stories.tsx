import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../components/button.js';
import { ToastProvider, useToast } from '../components/toast.js';

/** A button inside the provider that shows a toast with useToast(). */
function ToastButton() {
  const toast = useToast();
  return <Button onClick={() => { toast('保存しました'); }}>通知を出す</Button>;
}

const meta = {
  title: '部品/Toast',
  component: ToastProvider,
  args: { children: <ToastButton /> },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof ToastProvider>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Toasts: Story = {};
