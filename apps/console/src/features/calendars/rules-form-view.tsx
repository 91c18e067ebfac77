import { Button } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useId, useState } from 'react';
import { messages } from '../../messages.js';
import type { CalendarSettings } from './calendar-admin-api.js';
import { useStaffSaveCalendarMutation } from './calendar-admin-api.js';
import { DoneMessage } from '../../components/done-message.js';
import { Refusal } from '../../components/refusal.js';
import type { DeadlineUnit, RulesDraft, RulesField } from './rules-form.js';
import { draftOf, rulesOf } from './rules-form.js';
import { WeekdayChoices } from './weekday-choices.js';

const text = messages.calendarAdmin;

/** A deadline: how many, and days or hours before the slot. */
function DeadlineField({ label, amount, unit, invalid, onChange }: { label: string; amount: string; unit: DeadlineUnit; invalid: boolean; onChange: (amount: string, unit: DeadlineUnit) => void }) {
  return (
    <fieldset className="calendars-group">
      <legend>{label}</legend>
      <span className="calendars-inline">
        <span>{text.beforeSlot}</span>
        <input
          className="city-input calendars-number"
          inputMode="numeric"
          aria-label={text.amountOf(label)}
          aria-invalid={invalid ? true : undefined}
          value={amount}
          onChange={(event) => {
            onChange(event.target.value, unit);
          }}
        />
        <select
          className="city-input calendars-unit"
          aria-label={text.unitOf(label)}
          value={unit}
          onChange={(event) => {
            onChange(amount, event.target.value === 'hours' ? 'hours' : 'days');
          }}
        >
          <option value="days">{text.daysBefore}</option>
          <option value="hours">{text.hoursBefore}</option>
        </select>
        <span>{text.until}</span>
      </span>
    </fieldset>
  );
}

/**
 * A calendar's rules: when booking opens and closes, the deadline for changes, the bookings one
 * citizen may hold, and the days it is closed by rule (weekdays, public holidays). Closing a day
 * that has bookings is refused by the server, the bookings listed beside the button.
 */
export function RulesFormView({ categoryId, settings }: { categoryId: string; settings: CalendarSettings }) {
  const id = useId();
  const [draft, setDraft] = useState<RulesDraft>(draftOf(settings.rules, settings.closures));
  const [invalid, setInvalid] = useState<RulesField[]>([]);
  const [save, saving] = useStaffSaveCalendarMutation();
  const [done, setDone] = useState('');
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone('');
    const checked = rulesOf(draft, settings.rules.bookingStopped);
    if ('invalid' in checked) {
      setInvalid(checked.invalid);
      return;
    }
    setInvalid([]);
    const outcome = await save({ calendarId: settings.calendarId, categoryId, ...checked });
    if (outcome.data !== undefined) setDone(text.rulesSaved);
  };
  const wrong = (field: RulesField) => invalid.includes(field);
  return (
    <form className="console-panel" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={`${id}-title`}>{text.rulesTitle}</h2>
      <div className="calendars-rules">
        <div className="console-filter__item">
          <label htmlFor={`${id}-opens`}>{text.opensDaysAhead}</label>
          <span className="calendars-inline">
            <span>{text.bookingDay}</span>
            <input
              id={`${id}-opens`}
              className="city-input calendars-number"
              inputMode="numeric"
              aria-invalid={wrong('opensDaysAhead') ? true : undefined}
              value={draft.opensDaysAhead}
              onChange={(event) => {
                setDraft({ ...draft, opensDaysAhead: event.target.value });
              }}
            />
            <span>{text.daysAheadFrom}</span>
          </span>
        </div>
        <DeadlineField
          label={text.closesBefore}
          amount={draft.closesAmount}
          unit={draft.closesUnit}
          invalid={wrong('closesAmount')}
          onChange={(amount, unit) => {
            setDraft({ ...draft, closesAmount: amount, closesUnit: unit });
          }}
        />
        <DeadlineField
          label={text.changeClosesBefore}
          amount={draft.changeAmount}
          unit={draft.changeUnit}
          invalid={wrong('changeAmount')}
          onChange={(amount, unit) => {
            setDraft({ ...draft, changeAmount: amount, changeUnit: unit });
          }}
        />
        <div className="console-filter__item">
          <label htmlFor={`${id}-max`}>{text.maxActive}</label>
          <input
            id={`${id}-max`}
            className="city-input calendars-number"
            inputMode="numeric"
            aria-describedby={`${id}-max-hint`}
            aria-invalid={wrong('maxActive') ? true : undefined}
            value={draft.maxActive}
            onChange={(event) => {
              setDraft({ ...draft, maxActive: event.target.value });
            }}
          />
          <p id={`${id}-max-hint`} className="console-note">
            {text.maxActiveHint}
          </p>
        </div>
      </div>
      <WeekdayChoices
        legend={text.closedWeekdays}
        chosen={draft.weekdays}
        onChange={(weekdays) => {
          setDraft({ ...draft, weekdays });
        }}
      />
      <label className="console-check">
        <input
          type="checkbox"
          checked={draft.publicHolidays}
          onChange={(event) => {
            setDraft({ ...draft, publicHolidays: event.target.checked });
          }}
        />
        {text.publicHolidays}
      </label>
      {invalid.length > 0 ? (
        <p className="city-field__error" role="alert">
          {text.rulesInvalid}
        </p>
      ) : null}
      <Refusal error={saving.error} />
      <DoneMessage message={done} focus={false} />
      <div className="console-actions">
        <Button type="submit" disabled={saving.isLoading}>
          {text.saveRules}
        </Button>
      </div>
    </form>
  );
}
