import type { Meta, StoryObj } from '@storybook/react-vite';
import { PageLayout } from '../components/page-layout.js';
import { SurveyConfirm } from '../components/survey-form.js';
import { EVENT_APPLICATION } from './demo-surveys.js';

const meta = {
  title: 'フォーム/SurveyConfirm',
  component: SurveyConfirm,
  args: { config: EVENT_APPLICATION, answers: { ticket: '100001', born: '1980-04-01', course: 'スマホ教室' } },
  decorators: [
    (Story) => (
      <PageLayout title="入力内容の確認">
        <Story />
      </PageLayout>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  tags: ['autodocs'],
} satisfies Meta<typeof SurveyConfirm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EventApplicationConfirm: Story = {};
