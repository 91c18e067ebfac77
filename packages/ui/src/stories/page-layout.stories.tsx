import type { Meta, StoryObj } from '@storybook/react-vite';
import { PageLayout } from '../components/page-layout.js';

const meta = {
  title: '部品/PageLayout',
  component: PageLayout,
  args: { title: '市民アンケート', children: <p>ご回答ありがとうございます。</p> },
  parameters: { layout: 'fullscreen' },
  tags: ['autodocs'],
} satisfies Meta<typeof PageLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Page: Story = {};
