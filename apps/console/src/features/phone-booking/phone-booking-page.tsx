import { Button, Loading, Notice } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { StaffSurvey } from '../../store/staff-api.js';
import { callErrorOf, useStaffBookOnBehalfMutation } from '../../store/staff-api.js';
import { useStaffSurvey } from '../../store/use-survey.js';
import type { BookingDraft } from './booking-answers.js';
import { answersOf } from './booking-answers.js';
import { ReservationPicker } from './reservation-picker.js';

type Item = StaffSurvey['items'][number];

/** Types typed as they are: text, multi-line text, and dates. The rest take their options' words. */
const TEXT_TYPES = new Set(['text', 'date', 'birthday']);

function TextItemInput({ item, value, error, onChange }: { item: Item; value: string; error: string | undefined; onChange: (value: string) => void }) {
  const id = `item-${item.itemKey}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const choice = !TEXT_TYPES.has(item.type) && item.type !== 'textarea';
  const describedBy = [choice ? hintId : undefined, error === undefined ? undefined : errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    className: 'city-input',
    value,
    'aria-invalid': error === undefined ? undefined : true,
    'aria-describedby': describedBy,
  };
  return (
    <div className="city-field">
      <label className="city-field__label" htmlFor={id}>
        {item.title}
      </label>
      {item.type === 'textarea' ? (
        <textarea {...common} rows={3} onChange={(event) => { onChange(event.target.value); }} />
      ) : (
        <input {...common} type={item.type === 'date' || item.type === 'birthday' ? 'date' : 'text'} onChange={(event) => { onChange(event.target.value); }} />
      )}
      {choice ? (
        <p id={hintId} className="console-note">
          {messages.phoneBookingChoiceHint}
        </p>
      ) : null}
      {error === undefined ? null : (
        <p id={errorId} className="city-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function BookingDone({ surveyId, partitionKey, receiptNumber, onAnother }: { surveyId: string; partitionKey: string; receiptNumber: string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the focus goes to what replaced it, so the 受付番号 is read out next.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="console-panel" aria-labelledby="booking-done-heading">
      <h2 id="booking-done-heading" ref={heading} tabIndex={-1}>
        {messages.bookingDoneTitle}
      </h2>
      <p className="console-receipt">{messages.bookingReceipt(receiptNumber)}</p>
      <div className="console-actions">
        <Link to={paths.record.to(surveyId, partitionKey)}>{messages.openBookedRecord}</Link>
        <Button variant="secondary" onClick={onAnother}>
          {messages.bookAnother}
        </Button>
      </div>
    </section>
  );
}

const emptyDraft: BookingDraft = { texts: {}, slots: {} };

function BookingForm({ survey }: { survey: StaffSurvey }) {
  const [draft, setDraft] = useState<BookingDraft>(emptyDraft);
  const [book, result] = useStaffBookOnBehalfMutation();
  const items = survey.items.filter((item) => item.type !== 'guide');
  const error = callErrorOf(result.error);
  const fieldErrors = error?.fields ?? {};
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void book({ surveyId: survey.surveyId, answers: answersOf(items, draft) });
  };
  if (result.data !== undefined) {
    return (
      <BookingDone
        surveyId={survey.surveyId}
        {...result.data}
        onAnother={() => {
          setDraft(emptyDraft);
          result.reset();
        }}
      />
    );
  }
  return (
    <form className="console-form console-booking" onSubmit={submit} noValidate>
      {error === undefined ? null : (
        <Notice tone="error">
          <p>{error.message}</p>
        </Notice>
      )}
      {items.map((item) => {
        if (item.type === 'files') {
          return (
            <p key={item.itemKey} className="console-note">
              {item.title}：{messages.phoneBookingFilesSkipped}
            </p>
          );
        }
        if (item.type === 'reservation') {
          return (
            <ReservationPicker
              key={item.itemKey}
              title={item.title}
              value={draft.slots[item.itemKey]}
              error={fieldErrors[item.itemKey]}
              onChange={(slot) => { setDraft({ ...draft, slots: { ...draft.slots, [item.itemKey]: slot } }); }}
            />
          );
        }
        return (
          <TextItemInput
            key={item.itemKey}
            item={item}
            value={draft.texts[item.itemKey] ?? ''}
            error={fieldErrors[item.itemKey]}
            onChange={(value) => { setDraft({ ...draft, texts: { ...draft.texts, [item.itemKey]: value } }); }}
          />
        );
      })}
      <Button type="submit" disabled={result.isLoading}>
        {result.isLoading ? messages.submittingBooking : messages.submitBooking}
      </Button>
    </form>
  );
}

/** `/surveys/:surveyId/phone-booking`: 電話・窓口での代理予約, the survey's form filled by staff. */
export function PhoneBookingPage() {
  const { surveyId = '' } = useParams();
  const session = useAppSelector(selectSession);
  const { survey, surveys } = useStaffSurvey(surveyId);
  useDocumentTitle(messages.phoneBookingTitle(survey?.title ?? ''));
  if (surveys.error !== undefined) {
    return (
      <CallFailure
        error={surveys.error}
        onRetry={() => {
          void surveys.refetch();
        }}
      />
    );
  }
  if (surveys.isLoading) return <Loading label={messages.loading} />;
  if (survey === undefined) {
    return (
      <>
        <h1>{messages.notFoundTitle}</h1>
        <Link to={paths.surveys.to()}>{messages.backToSurveys}</Link>
      </>
    );
  }
  return (
    <>
      <h1>{messages.phoneBookingTitle(survey.title)}</h1>
      <p>
        <Link to={paths.surveys.to()}>{messages.backToSurveys}</Link>
      </p>
      {mayTake(session, 'records.bookOnBehalf') ? (
        <>
          <p>{messages.phoneBookingLead}</p>
          <BookingForm survey={survey} />
        </>
      ) : (
        <Notice tone="warning">{messages.forbidden}</Notice>
      )}
    </>
  );
}
