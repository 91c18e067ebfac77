import type { Meta, StoryObj } from '@storybook/react-vite';
import { Notice } from '../components/notice.js';

const meta = {
  title: '部品/Notice',
  component: Notice,
  args: { tone: 'info', title: 'お知らせ' },
  argTypes: { tone: { control: 'inline-radio', options: ['info', 'warning', 'error'] } },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof Notice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = { args: { children: '受付は12月28日までです。' } };
/** The session notice: a countdown to the sign-in screen, outside the live region. */
export const SessionWarning: Story = { args: { tone: 'warning', title: 'セッションの有効期限が切れました', countdownSeconds: 5 } };
export const ErrorTone: Story = { args: { tone: 'error', title: '送信できませんでした', children: '通信状態をご確認のうえ、もう一度お試しください。' } };
