import type { AnswerValue, Answers, FileRef, SurveyConfig, SurveySchemaItem } from '@city/survey-core';
import { isStaffOnlyItem, validateAnswers } from '@city/survey-core';
import type { ReactNode, SyntheticEvent } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uiMessages } from '../messages.js';
import { formatSeireki, formatWareki } from '../wareki.js';
import { formatYen, orderTotal } from '../yen.js';
import { BirthdayInput } from './birthday-input.js';
import { CheckboxGroup } from './checkbox-group.js';
import { DateInput } from './date-input.js';
import { Dropdown } from './dropdown.js';
import type { FileLimits } from './files-input.js';
import { FilesInput } from './files-input.js';
import { GuideContent } from './guide-content.js';
import { ProductSelection } from './product-selection.js';
import { RadioGroup } from './radio-group.js';
import { ReservationButton } from './reservation-button.js';
import { TextInput } from './text-input.js';
import { TextareaInput } from './textarea-input.js';

export interface SurveyFormProps {
  config: SurveyConfig;
  /** The answers so far, by itemKey (the form is controlled). */
  answers: Answers;
  onAnswersChange: (answers: Answers) => void;
  /** Called with the answers once every item passes `validateAnswers`. */
  onSubmit: (answers: Answers) => void;
  submitLabel?: string;
  /** Items shown but not changeable (`isNotEditable` items of a record being edited). */
  lockedItemKeys?: readonly string[];
  /** Sends picked files (files items); required when the survey has one. */
  upload?: (files: File[]) => Promise<FileRef[]>;
  fileLimits?: FileLimits;
  /** Where a files item's image thumbnails come from (see FilesInput); default: the file's url. */
  filePreviewUrl?: (file: FileRef) => string | undefined;
  /** Opens the calendar for a reservation item. */
  onChooseSlot?: (itemKey: string) => void;
  /** How a chosen slot reads, by its value. */
  slotLabel?: (value: string) => string | undefined;
  /** Extra buttons beside the submit button (戻る, say). */
  actions?: ReactNode;
}

/**
 * How long after a finger or button is released a tap's click is waited for (it normally follows
 * at once): past that, items left during the press show their errors anyway.
 */
const TAP_END_WAIT_MS = 400;

/**
 * The items the citizen has left, whose errors are shown. An item left by tapping another control
 * is marked only once that tap has ended: the browser moves the focus (and the item's error would
 * appear) between the press and the release, and an error appearing then pushes the control below
 * it down under the finger, so the release lands elsewhere and the tap is lost. Left by keyboard,
 * it is marked at once.
 */
function useLeftItems(): [ReadonlySet<string>, (itemKey: string) => void] {
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const pressing = useRef(false);
  const waiting = useRef<Set<string>>(new Set());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tapEnded = () => {
      clearTimeout(timer);
      pressing.current = false;
      if (waiting.current.size === 0) return;
      const keys = [...waiting.current];
      waiting.current.clear();
      setLeft((previous) => new Set([...previous, ...keys]));
    };
    const pressed = () => {
      clearTimeout(timer);
      pressing.current = true;
    };
    // A touch moves the focus after it is released, so the release only starts the wait for its click.
    const released = () => {
      clearTimeout(timer);
      timer = setTimeout(tapEnded, TAP_END_WAIT_MS);
    };
    const listeners: [EventTarget, string, () => void, boolean][] = [
      [document, 'pointerdown', pressed, true],
      [document, 'pointerup', released, true],
      [document, 'pointercancel', tapEnded, true],
      [document, 'keydown', tapEnded, true],
      // A press that never ends here: the citizen switched apps, or a native picker took over.
      [document, 'visibilitychange', tapEnded, false],
      [window, 'blur', tapEnded, false],
      // On the window, bubbling: after the tapped control has handled its click.
      [window, 'click', tapEnded, false],
    ];
    for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture);
    return () => {
      clearTimeout(timer);
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture);
    };
  }, []);
  const leave = useCallback((itemKey: string) => {
    if (pressing.current) waiting.current.add(itemKey);
    else setLeft((previous) => (previous.has(itemKey) ? previous : new Set(previous).add(itemKey)));
  }, []);
  return [left, leave];
}

/**
 * A whole survey: one input per item (staff-only items left out), checked with
 * `validateAnswers` from @city/survey-core when an item is left and when the form is sent. The
 * first item needing attention gets the focus; errors clear as they are fixed. An error never
 * appears while the citizen is tapping something (see useLeftItems).
 */
export function SurveyForm(props: SurveyFormProps) {
  const { config, answers, onAnswersChange, onSubmit } = props;
  const items = config.surveySchema.filter((item) => !isStaffOnlyItem(item));
  if (props.upload === undefined && items.some((item) => item.type === 'files')) {
    // A mistake in the app, not the citizen's: fail where the developer sees it.
    throw new Error('SurveyForm needs an `upload` function for a survey with a files item.');
  }
  const [touched, leaveItem] = useLeftItems();
  const [submitted, setSubmitted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // The latest answers, for changes that arrive late (a file upload finishing after the citizen
  // typed elsewhere must not put the older answers back).
  const latestAnswers = useRef(answers);
  latestAnswers.current = answers;

  const problems = validateAnswers(items, answers);
  const errorFor = (itemKey: string) => (submitted || touched.has(itemKey) ? problems[itemKey] : undefined);
  const shownErrors = items.filter((item) => errorFor(item.itemKey) !== undefined).length;

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[data-item-error="true"] :is(input, select, textarea, button):not(:disabled)');
    first?.focus();
  }, [focusRequest]);

  const setAnswer = (itemKey: string, value: AnswerValue) => {
    latestAnswers.current = { ...latestAnswers.current, [itemKey]: value };
    onAnswersChange(latestAnswers.current);
  };
  const leave = (itemKey: string) => () => {
    leaveItem(itemKey);
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    onSubmit(answers);
  };

  return (
    <form ref={formRef} className="city-form" noValidate onSubmit={submit}>
      {submitted && shownErrors > 0 ? (
        <p className="city-form__summary" role="alert">
          {uiMessages.formHasErrors(shownErrors)}
        </p>
      ) : null}
      {items.map((item) => (
        <div key={item.itemKey} data-item-key={item.itemKey} data-item-error={errorFor(item.itemKey) !== undefined}>
          <SurveyItemInput
            item={item}
            value={Object.hasOwn(answers, item.itemKey) ? answers[item.itemKey] : undefined}
            onChange={(value) => {
              setAnswer(item.itemKey, value);
            }}
            onBlur={leave(item.itemKey)}
            error={errorFor(item.itemKey)}
            disabled={props.lockedItemKeys?.includes(item.itemKey)}
            form={props}
          />
        </div>
      ))}
      <div className="city-form__actions">
        {props.actions}
        <button type="submit" className="city-button city-button--primary">
          {props.submitLabel ?? uiMessages.confirm}
        </button>
      </div>
    </form>
  );
}

/** The input for one item, by its type. */
function SurveyItemInput({
  item,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  form,
}: {
  item: SurveySchemaItem;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  onBlur: () => void;
  error: string | undefined;
  disabled: boolean | undefined;
  form: SurveyFormProps;
}) {
  const text = typeof value === 'string' ? value : undefined;
  const list = Array.isArray(value) && value.every((entry) => typeof entry === 'string') ? (value) : undefined;
  const common = { onBlur, error, disabled };
  switch (item.type) {
    case 'text':
      return <TextInput item={item} value={text} onChange={onChange} {...common} />;
    case 'textarea':
      return <TextareaInput item={item} value={text} onChange={onChange} {...common} />;
    case 'radio':
      return <RadioGroup item={item} value={text} onChange={onChange} {...common} />;
    case 'checkboxes':
      return <CheckboxGroup item={item} value={list} onChange={onChange} {...common} />;
    case 'dropdown':
      return <Dropdown item={item} value={text} onChange={onChange} {...common} />;
    case 'date':
      return <DateInput item={item} value={text} onChange={onChange} {...common} />;
    case 'birthday':
      return <BirthdayInput item={item} value={text} onChange={onChange} {...common} />;
    case 'files':
      return (
        <FilesInput
          item={item}
          value={Array.isArray(value) ? (value as FileRef[]) : undefined}
          onChange={onChange}
          upload={form.upload ?? missingUpload /* unreachable: SurveyForm checks first */}
          {...(form.fileLimits === undefined ? {} : { limits: form.fileLimits })}
          {...(form.filePreviewUrl === undefined ? {} : { previewUrl: form.filePreviewUrl })}
          {...common}
        />
      );
    case 'selectProducts':
      return <ProductSelection item={item} value={list} onChange={onChange} {...common} />;
    case 'guide':
      return <GuideContent item={item} />;
    case 'reservation':
      return (
        <ReservationButton
          item={item}
          value={text}
          slotLabel={text === undefined ? undefined : form.slotLabel?.(text)}
          onChoose={() => form.onChooseSlot?.(item.itemKey)}
          error={error}
          disabled={disabled}
        />
      );
  }
}

function missingUpload(): never {
  throw new Error('SurveyForm needs an `upload` function for a survey with a files item.');
}

/** What a citizen sees of one answer on the confirm screens. */
export function describeAnswer(item: SurveySchemaItem, value: AnswerValue | undefined, slotLabel?: (value: string) => string | undefined): string {
  const strings = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  const filled = strings.filter((entry) => entry.trim() !== '');
  switch (item.type) {
    case 'files': {
      const names = Array.isArray(value) ? value.flatMap((entry) => (typeof entry === 'object' ? [entry.name] : [])) : [];
      return names.length === 0 ? uiMessages.notAnswered : names.join(uiMessages.listSeparator);
    }
    case 'selectProducts': {
      if (filled.length === 0) return uiMessages.notAnswered;
      const lines = item.products
        .map((product) => ({ product, quantity: filled.filter((id) => id === product.productId).length }))
        .filter((line) => line.quantity > 0);
      const total = orderTotal(item.products, { items: lines.map((line) => ({ productId: line.product.productId, quantity: line.quantity })) });
      return `${lines.map((line) => `${line.product.name} × ${line.quantity}`).join(uiMessages.listSeparator)}（${uiMessages.total} ${formatYen(total)} ${uiMessages.taxIncluded}）`;
    }
    case 'birthday': {
      const [date] = filled;
      return date === undefined ? uiMessages.notAnswered : `${formatSeireki(date) ?? date}（${formatWareki(date) ?? ''}）`;
    }
    case 'date': {
      const [date] = filled;
      return date === undefined ? uiMessages.notAnswered : (formatSeireki(date) ?? date);
    }
    case 'reservation': {
      const [slot] = filled;
      return slot === undefined ? uiMessages.notAnswered : (slotLabel?.(slot) ?? slot);
    }
    default:
      return filled.length === 0 ? uiMessages.notAnswered : filled.join(uiMessages.listSeparator);
  }
}

/** The read-only summary of a survey's answers, as the confirm screens show it. */
export function SurveyConfirm({ config, answers, slotLabel }: { config: SurveyConfig; answers: Answers; slotLabel?: (value: string) => string | undefined }) {
  const items = config.surveySchema.filter((item) => !isStaffOnlyItem(item) && item.type !== 'guide');
  return (
    <dl className="city-confirm">
      {items.map((item) => (
        <div key={item.itemKey} className="city-confirm__row">
          <dt>{item.title}</dt>
          <dd>{describeAnswer(item, Object.hasOwn(answers, item.itemKey) ? answers[item.itemKey] : undefined, slotLabel)}</dd>
        </div>
      ))}
    </dl>
  );
}
