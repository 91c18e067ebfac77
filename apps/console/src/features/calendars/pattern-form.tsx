import { Button } from '@city/ui';
import type { ReactNode, SyntheticEvent } from 'react';
import { useId, useState } from 'react';
import { messages } from '../../messages.js';
import { useStaffGenerateSlotsMutation } from './calendar-admin-api.js';
import { DoneMessage } from '../../components/done-message.js';
import type { PatternDraft, PatternField } from './pattern.js';
import { patternOf, slotsPerDay } from './pattern.js';
import { Refusal } from '../../components/refusal.js';
import { WeekdayChoices } from './weekday-choices.js';

const text = messages.calendarAdmin;

/**
 * 週のパターンから作成: slots on chosen weekdays between two dates, from a start to an end time
 * every N minutes, each with a capacity (平日 9:00〜12:00 30分ごと 定員3). Slots already there stay
 * as they are; the page then shows the first week made.
 */
export function PatternForm({ calendarId, from, to, onGenerated }: { calendarId: string; from: string; to: string; onGenerated: (from: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<PatternDraft>({ from, to, weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '17:00', minutes: '60', capacity: '1', skipClosedDays: true });
  const [problems, setProblems] = useState<Partial<Record<PatternField, string>>>({});
  const [generate, generating] = useStaffGenerateSlotsMutation();
  const [done, setDone] = useState('');
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone('');
    const checked = patternOf(draft);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    const outcome = await generate({ calendarId, ...checked.pattern });
    if (outcome.data === undefined) return;
    setDone(text.generated(outcome.data.added, outcome.data.existing));
    onGenerated(checked.pattern.from);
  };
  /** A field with its label and, once checked, what is wrong with it. */
  const field = (name: PatternField, label: string, control: (props: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode) => (
    <div className="console-filter__item">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {control({ id: `${id}-${name}`, 'aria-invalid': problems[name] === undefined ? undefined : true, 'aria-describedby': problems[name] === undefined ? undefined : `${id}-${name}-error` })}
      {problems[name] === undefined ? null : (
        <p id={`${id}-${name}-error`} className="city-field__error">
          {problems[name]}
        </p>
      )}
    </div>
  );
  const set = (change: Partial<PatternDraft>) => {
    setDraft({ ...draft, ...change });
  };
  const perDay = slotsPerDay(draft.start, draft.end, Number(draft.minutes));
  return (
    <form className="console-panel" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={`${id}-title`}>{text.patternTitle}</h2>
      <p className="console-note">{text.patternLead}</p>
      <div className="calendars-fields">
        {field('from', text.patternFrom, (props) => <input {...props} type="date" className="city-input" value={draft.from} onChange={(event) => { set({ from: event.target.value }); }} />)}
        {field('to', text.patternTo, (props) => <input {...props} type="date" className="city-input" value={draft.to} onChange={(event) => { set({ to: event.target.value }); }} />)}
      </div>
      <WeekdayChoices
        legend={text.patternWeekdaysLabel}
        chosen={draft.weekdays}
        describedBy={problems.weekdays === undefined ? undefined : `${id}-weekdays-error`}
        onChange={(weekdays) => {
          set({ weekdays });
        }}
      >
        {problems.weekdays === undefined ? null : (
          <p id={`${id}-weekdays-error`} className="city-field__error">
            {problems.weekdays}
          </p>
        )}
      </WeekdayChoices>
      <div className="calendars-fields">
        {field('start', text.patternStart, (props) => <input {...props} type="time" className="city-input" value={draft.start} onChange={(event) => { set({ start: event.target.value }); }} />)}
        {field('end', text.patternEnd, (props) => <input {...props} type="time" className="city-input" value={draft.end} onChange={(event) => { set({ end: event.target.value }); }} />)}
        {field('minutes', text.patternMinutesLabel, (props) => <input {...props} inputMode="numeric" className="city-input" value={draft.minutes} onChange={(event) => { set({ minutes: event.target.value }); }} />)}
        {field('capacity', text.patternCapacity, (props) => <input {...props} inputMode="numeric" className="city-input" value={draft.capacity} onChange={(event) => { set({ capacity: event.target.value }); }} />)}
      </div>
      <label className="console-check">
        <input type="checkbox" checked={draft.skipClosedDays} onChange={(event) => { set({ skipClosedDays: event.target.checked }); }} />
        {text.patternSkipClosed}
      </label>
      <p className="console-note">{text.patternPerDay(perDay)}</p>
      <Refusal error={generating.error} />
      <DoneMessage message={done} focus={false} />
      <div className="console-actions">
        <Button type="submit" disabled={generating.isLoading}>
          {text.patternSubmit}
        </Button>
      </div>
    </form>
  );
}
