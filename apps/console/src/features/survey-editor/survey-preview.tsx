import type { Answers, FileRef, SurveyConfig } from '@city/survey-core';
import { registrationForm } from '@city/survey-core';
import { Notice, SurveyForm } from '@city/ui';
import { useState } from 'react';
import { messages } from '../../messages.js';

const noUpload = (): Promise<FileRef[]> => Promise.reject(new Error(messages.previewNoUpload));

/**
 * The form as a citizen's phone shows it (the citizen app's survey page: its header with the title,
 * then @city/ui's SurveyForm, which leaves out staff-only items and a member survey's number item),
 * in a frame about a phone's width. It can be filled in to try it; nothing is sent. The header's
 * title is no heading here: the console's page has its own h1.
 */
export function SurveyPreview({ config }: { config: SurveyConfig }) {
  const [answers, setAnswers] = useState<Answers>({});
  const [tried, setTried] = useState(false);
  return (
    <section className="console-preview" aria-labelledby="survey-preview-heading">
      <h2 id="survey-preview-heading">{messages.previewHeading}</h2>
      <p className="console-note">{messages.previewLead}</p>
      {config.requiresMembership === undefined ? null : <p className="console-note">{messages.previewMembersOnly}</p>}
      <div className="console-preview__phone">
        <div className="city-page console-preview__screen">
          <div className="city-page__header">
            <p className="city-page__title">{config.surveyTitle === '' ? messages.previewUntitled : config.surveyTitle}</p>
          </div>
          <div className="city-page__content">
            {tried ? <Notice>{messages.previewSubmitted}</Notice> : null}
            <SurveyForm
              config={registrationForm(config)}
              answers={answers}
              onAnswersChange={setAnswers}
              onSubmit={() => {
                setTried(true);
              }}
              upload={noUpload}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
