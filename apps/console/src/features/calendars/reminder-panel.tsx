import { Button } from '@city/ui';
import { useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { CheckField, SelectField, TextField } from '../../components/form-fields.js';
import { DoneMessage } from '../../components/done-message.js';
import { Refusal } from '../../components/refusal.js';
import { messages } from '../../messages.js';
import type { CalendarReminder } from '../../store/notices-api.js';
import { useStaffCalendarReminderQuery, useStaffSetCalendarReminderMutation } from '../../store/notices-api.js';

const text = messages.reminder;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAYS = Array.from({ length: 15 }, (_, n) => n);

function ReminderForm({ calendarId, saved }: { calendarId: string; saved: CalendarReminder }) {
  const [on, setOn] = useState(saved !== null);
  const [daysBefore, setDaysBefore] = useState(saved?.daysBefore ?? 1);
  const [sendTime, setSendTime] = useState(saved?.sendTime ?? '18:00');
  const [done, setDone] = useState('');
  const [save, saving] = useStaffSetCalendarReminderMutation();
  const timeProblem = on && !TIME.test(sendTime) ? text.timeInvalid : undefined;
  const submit = async () => {
    setDone('');
    if (timeProblem !== undefined) return;
    const outcome = await save({ calendarId, reminder: on ? { daysBefore, sendTime } : null });
    if (!('error' in outcome)) setDone(on ? text.saved : text.savedOff);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>{saved === null ? text.stateOff : text.state(saved.daysBefore, saved.sendTime)}</p>
      <CheckField label={text.on} checked={on} onChange={setOn} />
      <SelectField label={text.daysBefore} value={String(daysBefore)} disabled={!on} onChange={(value) => { setDaysBefore(Number(value)); }}>
        {DAYS.map((days) => (
          <option key={days} value={days}>
            {text.days(days)}
          </option>
        ))}
      </SelectField>
      <TextField label={text.sendTime} value={sendTime} disabled={!on} problem={timeProblem} onChange={setSendTime} />
      <Refusal error={saving.error} />
      <DoneMessage message={done} focus={false} />
      <div className="console-actions">
        <Button type="submit" disabled={saving.isLoading}>
          {text.save}
        </Button>
      </div>
    </form>
  );
}

/** 前日のお知らせ: whether citizens who booked this calendar in the mini-app are reminded, how many days before and when. */
export function ReminderPanel({ calendarId }: { calendarId: string }) {
  const reminder = useStaffCalendarReminderQuery({ calendarId });
  return (
    <section className="console-panel" aria-labelledby="calendars-reminder-title">
      <h2 id="calendars-reminder-title">{text.title}</h2>
      <p className="console-note">{text.lead}</p>
      {reminder.error === undefined ? null : <CallFailure error={reminder.error} onRetry={() => void reminder.refetch()} />}
      {/* Keyed by what is saved: the form starts from it once it has loaded. */}
      {reminder.isSuccess ? <ReminderForm key={JSON.stringify(reminder.data)} calendarId={calendarId} saved={reminder.data} /> : null}
    </section>
  );
}
