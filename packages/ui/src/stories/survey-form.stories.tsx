import type { Answers } from '@city/survey-core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { PageLayout } from '../components/page-layout.js';
import type { SurveyFormProps } from '../components/survey-form.js';
import { SurveyConfirm, SurveyForm } from '../components/survey-form.js';
import { CITIZEN_QUESTIONNAIRE, EVENT_APPLICATION } from './demo-surveys.js';

// Stands in for the app's upload: the picked files become object URLs, so they can be previewed.
const upload = (files: File[]) => Promise.resolve(files.map((file) => ({ name: file.name, url: URL.createObjectURL(file), contentType: file.type, size: file.size })));

/**
 * The form as an app holds it: the answers kept as the citizen types (starting from the
 * `answers` arg), and the confirmation shown once the form is sent. The callbacks still reach
 * the args, so they show in the Actions panel.
 */
function FillIn(args: SurveyFormProps) {
  const [answers, setAnswers] = useState<Answers>(args.answers);
  const [confirming, setConfirming] = useState(false);
  return confirming ? (
    <SurveyConfirm config={args.config} answers={answers} />
  ) : (
    <SurveyForm
      {...args}
      answers={answers}
      onAnswersChange={(next) => {
        setAnswers(next);
        args.onAnswersChange(next);
      }}
      onSubmit={(sent) => {
        args.onSubmit(sent);
        setConfirming(true);
      }}
    />
  );
}

const meta = {
  title: 'フォーム/SurveyForm',
  component: SurveyForm,
  args: { config: CITIZEN_QUESTIONNAIRE, answers: {}, onAnswersChange: fn(), onSubmit: fn(), upload },
  // A new `answers` arg (from the Controls panel) starts the form again from it.
  render: (args) => <FillIn key={JSON.stringify(args.answers)} {...args} />,
  decorators: [
    (Story, { args, parameters }) => (
      <PageLayout title={(parameters as { pageTitle?: string }).pageTitle ?? args.config.surveyTitle ?? 'アンケート'}>
        <Story />
      </PageLayout>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  tags: ['autodocs'],
} satisfies Meta<typeof SurveyForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CitizenQuestionnaire: Story = {};
export const EventApplication: Story = { args: { config: EVENT_APPLICATION } };
export const EventApplicationWithLockedItems: Story = {
  args: { config: EVENT_APPLICATION, answers: { ticket: '100001', born: '1980-04-01', course: 'スマホ教室' }, lockedItemKeys: ['ticket', 'born'] },
  parameters: { pageTitle: '申込内容の変更' },
};
