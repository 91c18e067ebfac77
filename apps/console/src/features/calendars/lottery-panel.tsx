import { japanTimeToEpochMs } from '@city/survey-core';
import { Button, Dialog } from '@city/ui';
import { useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { CheckField, TextField } from '../../components/form-fields.js';
import { DoneMessage } from '../../components/done-message.js';
import { Refusal } from '../../components/refusal.js';
import { formatDateTime } from '../../lib/format.js';
import { messages } from '../../messages.js';
import type { CalendarLottery } from './calendar-admin-api.js';
import { useStaffCalendarLotteryQuery, useStaffCloseCalendarLotteryMutation, useStaffDrawCalendarLotteryMutation, useStaffSetCalendarLotteryMutation } from './calendar-admin-api.js';

const text = messages.lottery;

/** `2026-12-03 12:00` (Japan time) as ms; undefined for anything else. */
function parseCloses(value: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(value.trim());
  if (match?.[1] === undefined || match[2] === undefined) return undefined;
  const ms = japanTimeToEpochMs(match[1], match[2]);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `2026-12-03 12:00` in Japan time, as the field takes it back. */
const closesText = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

function LotteryForm({ calendarId, saved }: { calendarId: string; saved: CalendarLottery }) {
  const [on, setOn] = useState(saved !== null);
  const [closes, setCloses] = useState(saved === null ? '' : closesText(saved.applicationsCloseAt));
  const [hours, setHours] = useState(String(saved?.winnerHours ?? 72));
  const [done, setDone] = useState('');
  const [save, saving] = useStaffSetCalendarLotteryMutation();
  const applicationsCloseAt = parseCloses(closes);
  const winnerHours = Number(hours);
  const closesProblem = on && applicationsCloseAt === undefined ? text.closesInvalid : undefined;
  const hoursProblem = on && !(/^\d+$/.test(hours) && winnerHours >= 1 && winnerHours <= 168) ? text.hoursInvalid : undefined;
  const submit = async () => {
    setDone('');
    if (closesProblem !== undefined || hoursProblem !== undefined) return;
    const outcome = await save({ calendarId, lottery: on && applicationsCloseAt !== undefined ? { applicationsCloseAt, winnerHours } : null });
    if (!('error' in outcome)) setDone(on ? text.saved : text.savedOff);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <CheckField label={text.on} checked={on} onChange={setOn} />
      <TextField label={text.closesAt} value={closes} disabled={!on} problem={closesProblem} onChange={setCloses} />
      <TextField label={text.winnerHours} value={hours} disabled={!on} problem={hoursProblem} onChange={setHours} />
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

/** One of the lottery's irreversible steps (締め切る, 抽選する): a button, its confirmation, its outcome. */
function LotteryStep({ label, title, lead, confirmLabel, cancelLabel, doneText, run, running, error }: {
  label: string;
  title: string;
  lead: string;
  confirmLabel: string;
  cancelLabel: string;
  doneText: string;
  run: () => Promise<{ error?: unknown }>;
  running: boolean;
  error: unknown;
}) {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState('');
  const confirm = async () => {
    setAsking(false);
    setDone('');
    const outcome = await run();
    if (!('error' in outcome)) setDone(doneText);
  };
  return (
    <>
      <Refusal error={error} />
      <DoneMessage message={done} focus={false} />
      <Button
        disabled={running}
        variant="secondary"
        onClick={() => {
          setAsking(true);
        }}
      >
        {label}
      </Button>
      <Dialog open={asking} title={title} confirmLabel={confirmLabel} cancelLabel={cancelLabel} onConfirm={() => void confirm()} onCancel={() => { setAsking(false); }}>
        <p>{lead}</p>
      </Dialog>
    </>
  );
}

function LotterySteps({ calendarId }: { calendarId: string }) {
  const [close, closing] = useStaffCloseCalendarLotteryMutation();
  const [draw, drawing] = useStaffDrawCalendarLotteryMutation();
  return (
    <div className="console-actions">
      <LotteryStep
        label={text.close}
        title={text.closeTitle}
        lead={text.closeLead}
        confirmLabel={text.closeConfirm}
        cancelLabel={text.closeCancel}
        doneText={text.closedDone}
        run={() => close({ calendarId })}
        running={closing.isLoading}
        error={closing.error}
      />
      <LotteryStep
        label={text.draw}
        title={text.drawTitle}
        lead={text.drawLead}
        confirmLabel={text.drawConfirm}
        cancelLabel={text.drawCancel}
        doneText={text.drawnDone}
        run={() => draw({ calendarId })}
        running={drawing.isLoading}
        error={drawing.error}
      />
    </div>
  );
}

/** 抽選: whether this calendar's slots are applied for until a deadline and then drawn; the draw itself. */
export function LotteryPanel({ calendarId }: { calendarId: string }) {
  const lottery = useStaffCalendarLotteryQuery({ calendarId });
  const saved = lottery.data;
  return (
    <section className="console-panel" aria-labelledby="calendars-lottery-title">
      <h2 id="calendars-lottery-title">{text.title}</h2>
      <p className="console-note">{text.lead}</p>
      {lottery.error === undefined ? null : <CallFailure error={lottery.error} onRetry={() => void lottery.refetch()} />}
      {saved === undefined ? null : saved === null ? (
        <p>{text.stateOff}</p>
      ) : saved.drawnAt === undefined ? (
        <p>{text.state(formatDateTime(saved.applicationsCloseAt), saved.winnerHours, saved.applications, saved.applicants)}</p>
      ) : (
        <>
          <p>{text.drawn(formatDateTime(saved.drawnAt), saved.won, saved.lost)}</p>
          {saved.seed === undefined ? null : <p className="console-note">{text.seed(saved.seed)}</p>}
        </>
      )}
      {/* Keyed by what is saved: the form starts from it once it has loaded. A drawn lottery is history. */}
      {lottery.isSuccess && saved?.drawnAt === undefined ? <LotteryForm key={JSON.stringify(saved)} calendarId={calendarId} saved={saved ?? null} /> : null}
      {saved !== undefined && saved !== null && saved.drawnAt === undefined ? <LotterySteps calendarId={calendarId} /> : null}
    </section>
  );
}
