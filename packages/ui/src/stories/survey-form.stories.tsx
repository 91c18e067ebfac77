import type { Answers, SurveyConfig } from '@city/survey-core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { PageLayout } from '../components/building-blocks.js';
import { SurveyConfirm, SurveyForm } from '../components/survey-form.js';
import { CITIZEN_QUESTIONNAIRE, EVENT_APPLICATION } from './demo-surveys.js';

const meta = { title: 'フォーム', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const upload = (files: File[]) => Promise.resolve(files.map((file) => ({ name: file.name, url: URL.createObjectURL(file), contentType: file.type, size: file.size })));

function Interactive({ config, initial = {} }: { config: SurveyConfig; initial?: Answers }) {
  const [answers, setAnswers] = useState<Answers>(initial);
  const [confirming, setConfirming] = useState(false);
  return (
    <PageLayout title={config.surveyTitle ?? 'アンケート'}>
      {confirming ? (
        <SurveyConfirm config={config} answers={answers} />
      ) : (
        <SurveyForm config={config} answers={answers} onAnswersChange={setAnswers} onSubmit={() => { setConfirming(true); }} upload={upload} />
      )}
    </PageLayout>
  );
}

export const CitizenQuestionnaire: Story = { render: () => <Interactive config={CITIZEN_QUESTIONNAIRE} /> };
export const EventApplication: Story = { render: () => <Interactive config={EVENT_APPLICATION} /> };
export const EventApplicationConfirm: Story = {
  render: () => (
    <PageLayout title="入力内容の確認">
      <SurveyConfirm config={EVENT_APPLICATION} answers={{ ticket: '100001', born: '1980-04-01', course: 'スマホ教室' }} />
    </PageLayout>
  ),
};
export const EventApplicationWithLockedItems: Story = {
  render: () => (
    <PageLayout title="申込内容の変更">
      <SurveyForm config={EVENT_APPLICATION} answers={{ ticket: '100001', born: '1980-04-01', course: 'スマホ教室' }} lockedItemKeys={['ticket', 'born']} onAnswersChange={() => undefined} onSubmit={() => undefined} />
    </PageLayout>
  ),
};
