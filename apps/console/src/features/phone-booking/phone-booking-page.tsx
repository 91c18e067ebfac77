import type { SurveyConfig, SurveySchemaItem } from '@city/survey-core';
import { isStaffOnlyItem } from '@city/survey-core';
import { Button, formatYen, Loading, Notice, orderTotal } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import { callErrorOf, useStaffBookOnBehalfMutation, useStaffSurveyQuery } from '../../store/staff-api.js';
import type { BookingDraft } from './booking-answers.js';
import { bookingItems, bookingProblems, bookingRequest, emptyDraft } from './booking-answers.js';
import { BookingItemInput } from './booking-item-input.js';

interface BookingDoneProps {
  surveyId: string;
  partitionKey: string;
  receiptNumber: string;
  /** Yen to collect at the window (0: nothing to pay). */
  toPay: number;
  /** A booking (代理予約) or answers only (代理入力): what the screen calls it. */
  books: boolean;
  onAnother: () => void;
}

function BookingDone({ surveyId, partitionKey, receiptNumber, toPay, books, onAnother }: BookingDoneProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the focus goes to what replaced it, so the 受付番号 is read out next.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="console-panel" aria-labelledby="booking-done-heading">
      <h2 id="booking-done-heading" ref={heading} tabIndex={-1}>
        {messages.bookingDoneTitle(books)}
      </h2>
      <p className="console-receipt">{messages.bookingReceipt(receiptNumber)}</p>
      {toPay > 0 ? <p>{messages.bookingToPayAtWindow(formatYen(toPay))}</p> : null}
      <div className="console-actions">
        <Link to={paths.record.to(surveyId, partitionKey)}>{messages.openBookedRecord}</Link>
        <Button variant="secondary" onClick={onAnother}>
          {messages.bookAnother(books)}
        </Button>
      </div>
    </section>
  );
}

/** Whether the survey books a slot (a reservation item): a booking by phone, else answers entered for the caller. */
const booksSlots = (config: SurveyConfig) => config.surveySchema.some((item) => item.type === 'reservation');

/** The products' prices of a survey, for the total to collect at the window. */
const productsOf = (config: SurveyConfig) => config.surveySchema.flatMap((item) => (item.type === 'selectProducts' ? item.products : []));

/**
 * A staff-only item's title says so, so the staff member does not ask it of the caller; it shows
 * no 必須 mark, as validateAnswers and the server never require it (they check it when answered).
 */
const shownItem = (item: SurveySchemaItem): SurveySchemaItem => (isStaffOnlyItem(item) ? { ...item, title: messages.staffOnlyItemTitle(item.title), required: false } : item);

function BookingForm({ config, withStaffOnly }: { config: SurveyConfig; withStaffOnly: boolean }) {
  const items = bookingItems(config, { withStaffOnly });
  const [draft, setDraft] = useState<BookingDraft>(emptyDraft);
  // Checked as validateAnswers checks, once staff have tried to send: not while they are typing.
  const [submitted, setSubmitted] = useState(false);
  // The server's messages by item, until that item is changed.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const [toPay, setToPay] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [book, result] = useStaffBookOnBehalfMutation();
  const problems = submitted ? bookingProblems(items, draft) : {};
  const errorFor = (itemKey: string): string | undefined => problems[itemKey] ?? serverErrors[itemKey];
  const shownErrors = items.filter((item) => errorFor(item.itemKey) !== undefined).length;
  const error = callErrorOf(result.error);

  // The first item needing attention takes the focus, so staff (and screen readers) land on it.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[data-item-error="true"] :is(input, select, textarea, button):not(:disabled)')?.focus();
  }, [focusRequest]);

  const changed = (itemKey: string, next: BookingDraft) => {
    setDraft(next);
    if (itemKey in serverErrors) setServerErrors(Object.fromEntries(Object.entries(serverErrors).filter(([key]) => key !== itemKey)));
  };
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(bookingProblems(items, draft)).length > 0) {
      result.reset();
      setFocusRequest((count) => count + 1);
      return;
    }
    const request = bookingRequest(items, draft);
    const outcome = await book({ surveyId: config.surveyId, ...request });
    if ('data' in outcome) {
      setToPay(request.order === undefined ? 0 : orderTotal(productsOf(config), request.order));
      return;
    }
    const fields = callErrorOf(outcome.error)?.fields;
    if (fields !== undefined) {
      setServerErrors(fields);
      setFocusRequest((count) => count + 1);
    }
  };
  if (result.data !== undefined) {
    return (
      <BookingDone
        surveyId={config.surveyId}
        {...result.data}
        toPay={toPay}
        books={booksSlots(config)}
        onAnother={() => {
          setDraft(emptyDraft);
          setSubmitted(false);
          result.reset();
        }}
      />
    );
  }
  return (
    <form
      ref={formRef}
      className="console-form console-booking"
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      {shownErrors > 0 ? (
        <p className="city-form__summary" role="alert">
          {messages.phoneBookingHasErrors(shownErrors)}
        </p>
      ) : null}
      {error === undefined ? null : (
        <Notice tone="error">
          <p>{error.message}</p>
        </Notice>
      )}
      {items.map((item) => (
        <div key={item.itemKey} data-item-error={errorFor(item.itemKey) !== undefined}>
          <BookingItemInput
            item={shownItem(item)}
            value={Object.hasOwn(draft.answers, item.itemKey) ? draft.answers[item.itemKey] : undefined}
            slot={draft.slots[item.itemKey]}
            error={errorFor(item.itemKey)}
            onChange={(value) => {
              changed(item.itemKey, { ...draft, answers: { ...draft.answers, [item.itemKey]: value } });
            }}
            onSlotChange={(slot) => {
              const others = Object.fromEntries(Object.entries(draft.slots).filter(([itemKey]) => itemKey !== item.itemKey));
              changed(item.itemKey, { ...draft, slots: slot === undefined ? others : { ...others, [item.itemKey]: slot } });
            }}
          />
        </div>
      ))}
      <Button type="submit" disabled={result.isLoading}>
        {result.isLoading ? messages.submittingBooking : messages.submitBooking(booksSlots(config))}
      </Button>
    </form>
  );
}

/** `/surveys/:surveyId/phone-booking`: 電話・窓口での代理予約, the survey's form filled by staff. */
export function PhoneBookingPage() {
  const { surveyId = '' } = useParams();
  const session = useAppSelector(selectSession);
  const survey = useStaffSurveyQuery({ surveyId });
  const config = survey.data;
  const books = config === undefined ? false : booksSlots(config);
  useDocumentTitle(messages.phoneBookingTitle(config?.surveyTitle ?? '', books));
  if (survey.error !== undefined && callErrorOf(survey.error)?.status !== 404) {
    return (
      <CallFailure
        error={survey.error}
        onRetry={() => {
          void survey.refetch();
        }}
      />
    );
  }
  if (survey.isLoading) return <Loading label={messages.loading} />;
  if (config === undefined) {
    return (
      <>
        <h1>{messages.notFoundTitle}</h1>
        <Link to={paths.surveys.to()}>{messages.backToSurveys}</Link>
      </>
    );
  }
  return (
    <>
      <h1>{messages.phoneBookingTitle(config.surveyTitle ?? config.surveyId, books)}</h1>
      <p>
        <Link to={paths.surveys.to()}>{messages.backToSurveys}</Link>
      </p>
      {!mayTake(session, 'records.bookOnBehalf') ? (
        <Notice tone="warning">{messages.forbidden}</Notice>
      ) : config.requiresMembership === undefined ? (
        <>
          <p>{messages.phoneBookingLead(books)}</p>
          <BookingForm config={config} withStaffOnly={mayTake(session, 'records.readStaffOnly')} />
        </>
      ) : (
        // A person booked by phone holds no membership, so the server refuses every such booking.
        <Notice tone="warning">{messages.phoneBookingMembersOnly(books)}</Notice>
      )}
    </>
  );
}
