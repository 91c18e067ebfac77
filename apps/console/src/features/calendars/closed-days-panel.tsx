import { Button } from '@city/ui';
import { isCalendarDate } from '@city/survey-core';
import type { SyntheticEvent } from 'react';
import { useId, useState } from 'react';
import { messages } from '../../messages.js';
import type { ClosedDay } from './calendar-admin-api.js';
import { useStaffSetClosedDaysMutation } from './calendar-admin-api.js';
import { dateWithWeekday, monthLabel, monthRange } from './dates.js';
import { DoneMessage } from '../../components/done-message.js';
import { Refusal } from '../../components/refusal.js';

const text = messages.calendarAdmin;

/**
 * Closed dates set by staff (臨時休業日): one added by its date (refused while it has bookings, the
 * bookings listed), and those of the month shown, each with a button to open it again. Days closed
 * by the rules (weekdays, public holidays) are set in the rules.
 */
export function ClosedDaysPanel({ calendarId, month, closedDays }: { calendarId: string; month: string; closedDays: readonly ClosedDay[] }) {
  const id = useId();
  const [date, setDate] = useState('');
  const [checked, setChecked] = useState(false);
  const [change, changing] = useStaffSetClosedDaysMutation();
  const [done, setDone] = useState('');
  const { from, to } = monthRange(month);
  const ofMonth = closedDays.filter((day) => day.reason === 'date' && day.date >= from && day.date <= to);
  const wrong = !isCalendarDate(date);
  const close = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    setDone('');
    if (wrong) return;
    const outcome = await change({ calendarId, close: [date], open: [] });
    if (outcome.data !== undefined) {
      setDone(text.dayClosed(dateWithWeekday(date)));
      setDate('');
      setChecked(false);
    }
  };
  const open = async (day: string) => {
    setDone('');
    const outcome = await change({ calendarId, close: [], open: [day] });
    if (outcome.data !== undefined) setDone(text.dayOpened(dateWithWeekday(day)));
  };
  return (
    <section className="console-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text.closedDaysTitle}</h2>
      <p className="console-note">{text.closedDaysLead}</p>
      <form className="calendars-inline" onSubmit={(event) => void close(event)} noValidate>
        <label htmlFor={`${id}-date`}>{text.closeDate}</label>
        <input
          id={`${id}-date`}
          type="date"
          className="city-input calendars-date"
          value={date}
          aria-invalid={checked && wrong ? true : undefined}
          onChange={(event) => {
            setDate(event.target.value);
          }}
        />
        <Button type="submit" variant="secondary" disabled={changing.isLoading}>
          {text.closeDay}
        </Button>
      </form>
      {checked && wrong ? <p className="city-field__error">{text.closeDateRequired}</p> : null}
      <Refusal error={changing.error} />
      <DoneMessage message={done} focus={false} />
      <h3 className="calendars-subtitle">{text.closedDaysOfMonth(monthLabel(month))}</h3>
      {ofMonth.length === 0 ? (
        <p>{text.noClosedDays}</p>
      ) : (
        <ul className="calendars-closed-list">
          {ofMonth.map((day) => (
            <li key={day.date}>
              <span className="console-nowrap">{dateWithWeekday(day.date)}</span>
              <Button variant="secondary" disabled={changing.isLoading} aria-label={text.openDayLabel(dateWithWeekday(day.date))} onClick={() => void open(day.date)}>
                {text.openDay}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
