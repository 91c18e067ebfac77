import type { CheckStatus } from '@city/survey-core';
import { CHECK_STATUSES, isClosedCheckStatus } from '@city/survey-core';
import { Button, Dialog, Notice } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { TextAreaField } from '../../components/form-fields.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { RecordRef } from '../../store/staff-api.js';
import { callErrorOf, useStaffChangeStatusMutation } from '../../store/staff-api.js';

const OPEN_STATUSES = CHECK_STATUSES.filter((status) => !isClosedCheckStatus(status));

interface StatusPanelProps {
  record: RecordRef;
  status: CheckStatus;
  /** The version the page shows: a change made on an older one is refused (409 record_changed). */
  version: number;
  /** Whether the survey books slots: reopening then takes the record's slot again. */
  books: boolean;
  /** Whether the record has a paid order: cancelling it refunds, which needs `records.refund`. */
  paid: boolean;
  onReload: () => void;
}

/**
 * The record's status: change it with a reason, cancel it (キャンセル, which frees the slot and
 * refunds a paid order; confirmed first), or reopen a closed one. Each change names the version
 * shown, so a change made meanwhile by someone else is never overwritten.
 */
export function StatusPanel({ record, status, version, books, paid, onReload }: StatusPanelProps) {
  const session = useAppSelector(selectSession);
  const closed = isClosedCheckStatus(status);
  const choices = OPEN_STATUSES.filter((candidate) => candidate !== status);
  const [next, setNext] = useState<CheckStatus | ''>('');
  const [reason, setReason] = useState('');
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelReason, setCancelReason] = useState('');
  const [cancelProblem, setCancelProblem] = useState(false);
  const [done, setDone] = useState('');
  const [change, result] = useStaffChangeStatusMutation();

  const send = async (to: CheckStatus, why: string, said: string) => {
    setDone('');
    const outcome = await change({ ...record, status: to, version, ...(why.trim() === '' ? {} : { reason: why.trim() }) });
    if ('data' in outcome) {
      setDone(said);
      setReason('');
      setNext('');
    }
  };
  const submitChange = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = next === '' ? choices[0] : next;
    if (to === undefined) return;
    void send(to, reason, closed ? messages.reopened : messages.statusChanged(to));
  };
  const confirmCancel = () => {
    if (cancelReason.trim() === '') {
      setCancelProblem(true);
      return;
    }
    setCancelOpen(false);
    void send('キャンセル', cancelReason, messages.cancelled);
    setCancelReason('');
  };
  const error = callErrorOf(result.error);
  const mayChange = closed ? mayTake(session, 'records.cancel') : mayTake(session, 'records.changeStatus');
  const mayCancel = !closed && mayTake(session, 'records.cancel');
  // Cancelling a paid booking refunds it: a role that may not move money is not offered it (the
  // server refuses it with 403 refund_forbidden) and is told who does it.
  const refundLeftToOthers = mayCancel && paid && !mayTake(session, 'records.refund');
  const chosen = next === '' ? choices[0] : next;

  return (
    <section className="console-panel" aria-labelledby="status-heading">
      <h2 id="status-heading">{messages.statusTitle}</h2>
      <p>
        {messages.currentStatus}：<strong className={`console-status console-status--${status}`}>{status}</strong>
      </p>
      <div role="status">{done === '' ? null : <Notice>{done}</Notice>}</div>
      {error?.code === 'record_changed' ? (
        <Notice tone="warning">
          <p>{messages.recordChanged}</p>
          <Button
            variant="secondary"
            onClick={() => {
              result.reset();
              onReload();
            }}
          >
            {messages.reload}
          </Button>
        </Notice>
      ) : result.error === undefined ? null : (
        <CallFailure error={result.error} />
      )}
      {mayChange ? (
        <form className="console-form console-no-print" onSubmit={submitChange}>
          {closed && chosen !== undefined ? <p>{messages.reopenLead(chosen, books)}</p> : null}
          <label className="console-label" htmlFor="next-status">
            {messages.newStatus}
          </label>
          <select id="next-status" className="city-input" value={chosen} onChange={(event) => { setNext(event.target.value as CheckStatus); }}>
            {choices.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
          <TextAreaField label={messages.reasonOptional} maxLength={1000} value={reason} onChange={setReason} />
          <Button type="submit" disabled={result.isLoading}>
            {closed ? messages.reopen : messages.applyStatus}
          </Button>
        </form>
      ) : null}
      {refundLeftToOthers ? <p className="console-note console-no-print">{messages.refundLeftToStaff}</p> : null}
      {mayCancel && !refundLeftToOthers ? (
        <div className="console-actions console-no-print">
          <Button
            variant="danger"
            disabled={result.isLoading}
            onClick={() => {
              setCancelProblem(false);
              setCancelOpen(true);
            }}
          >
            {messages.cancelRecord}
          </Button>
        </div>
      ) : null}
      <Dialog open={cancelOpen} title={messages.cancelTitle} danger confirmLabel={messages.cancelConfirm} cancelLabel={messages.cancelDialog} onConfirm={confirmCancel} onCancel={() => { setCancelOpen(false); }}>
        <p>{messages.cancelLead}</p>
        <TextAreaField
          label={messages.reason}
          maxLength={1000}
          value={cancelReason}
          problem={cancelProblem ? messages.cancelReasonRequired : undefined}
          onChange={setCancelReason}
        />
      </Dialog>
    </section>
  );
}
