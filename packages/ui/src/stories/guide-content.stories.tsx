import type { Meta, StoryObj } from '@storybook/react-vite';
import { GuideContent } from '../components/guide-content.js';

const meta = {
  title: '入力/GuideContent',
  component: GuideContent,
  args: {
    item: { itemKey: 'intro', type: 'guide', title: 'ご協力のお願い', description: '市政の参考にするため、5分ほどのアンケートにご協力ください。\n詳しくは https://city.example.jp/survey をご覧ください。\n\n回答内容は統計的に処理し、個人が特定されることはありません。' },
  },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof GuideContent>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Guide: Story = {};
