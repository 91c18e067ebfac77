import { Button, Notice } from '@city/ui';
import { useState } from 'react';
import { messages } from '../../messages.js';
import type { CalendarSettings } from './calendar-admin-api.js';
import { useStaffSaveCalendarMutation } from './calendar-admin-api.js';
import { DoneMessage } from '../../components/done-message.js';
import { Refusal } from '../../components/refusal.js';

const text = messages.calendarAdmin;

/**
 * 予約停止: whether citizens may book this calendar now, said plainly at the top of the page, and
 * the one button that stops or resumes it (the rules stay as they are).
 */
export function BookingStopPanel({ categoryId, settings }: { categoryId: string; settings: CalendarSettings }) {
  const stopped = settings.rules.bookingStopped === true;
  const [save, saving] = useStaffSaveCalendarMutation();
  const [done, setDone] = useState('');
  const toggle = async () => {
    setDone('');
    const outcome = await save({ calendarId: settings.calendarId, categoryId, rules: { ...settings.rules, bookingStopped: !stopped }, closures: settings.closures });
    if (outcome.data !== undefined) setDone(stopped ? text.resumed : text.stopped);
  };
  return (
    <section className={`console-panel calendars-booking ${stopped ? 'calendars-booking--stopped' : ''}`} aria-labelledby="calendars-booking-title">
      <h2 id="calendars-booking-title">{text.bookingTitle}</h2>
      {stopped ? (
        <Notice tone="warning" title={text.stoppedState}>
          <p>{text.stoppedLead}</p>
        </Notice>
      ) : (
        <p className="calendars-booking__open">
          <strong>{text.openState}</strong> {text.openLead}
        </p>
      )}
      <Refusal error={saving.error} />
      <DoneMessage message={done} focus={false} />
      <div className="console-actions">
        <Button variant={stopped ? 'primary' : 'danger'} disabled={saving.isLoading} onClick={() => void toggle()}>
          {stopped ? text.resume : text.stop}
        </Button>
      </div>
    </section>
  );
}
