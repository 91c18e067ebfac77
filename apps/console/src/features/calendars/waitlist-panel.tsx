import { Button } from '@city/ui';
import { useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { CheckField, TextField } from '../../components/form-fields.js';
import { DoneMessage } from '../../components/done-message.js';
import { Refusal } from '../../components/refusal.js';
import { messages } from '../../messages.js';
import type { CalendarWaitlist } from './calendar-admin-api.js';
import { useStaffCalendarWaitlistQuery, useStaffSetCalendarWaitlistMutation } from './calendar-admin-api.js';

const text = messages.waitlist;

function WaitlistForm({ calendarId, saved }: { calendarId: string; saved: CalendarWaitlist }) {
  const [on, setOn] = useState(saved !== null);
  const [minutes, setMinutes] = useState(String(saved?.offerMinutes ?? 30));
  const [done, setDone] = useState('');
  const [save, saving] = useStaffSetCalendarWaitlistMutation();
  const offerMinutes = Number(minutes);
  const minutesProblem = on && !(/^\d+$/.test(minutes) && offerMinutes >= 5 && offerMinutes <= 10_080) ? text.minutesInvalid : undefined;
  const submit = async () => {
    setDone('');
    if (minutesProblem !== undefined) return;
    const outcome = await save({ calendarId, waitlist: on ? { offerMinutes } : null });
    if (!('error' in outcome)) setDone(on ? text.saved : text.savedOff);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>{saved === null ? text.stateOff : text.state(saved.offerMinutes)}</p>
      <CheckField label={text.on} checked={on} onChange={setOn} />
      <TextField label={text.offerMinutes} value={minutes} disabled={!on} problem={minutesProblem} onChange={setMinutes} />
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

/** キャンセル待ち: whether citizens may wait for this calendar's full slots, and how long an offer is held. */
export function WaitlistPanel({ calendarId }: { calendarId: string }) {
  const waitlist = useStaffCalendarWaitlistQuery({ calendarId });
  return (
    <section className="console-panel" aria-labelledby="calendars-waitlist-title">
      <h2 id="calendars-waitlist-title">{text.title}</h2>
      <p className="console-note">{text.lead}</p>
      {waitlist.error === undefined ? null : <CallFailure error={waitlist.error} onRetry={() => void waitlist.refetch()} />}
      {/* Keyed by what is saved: the form starts from it once it has loaded. */}
      {waitlist.isSuccess ? <WaitlistForm key={JSON.stringify(waitlist.data)} calendarId={calendarId} saved={waitlist.data} /> : null}
    </section>
  );
}
