import type { RecordFilter } from '@city/api-client/staff-contract';
import type { CheckStatus } from '@city/survey-core';
import { CHECK_STATUSES, isClosedCheckStatus } from '@city/survey-core';
import { Button, Dialog } from '@city/ui';
import { useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { TextAreaField } from '../../components/form-fields.js';
import { messages } from '../../messages.js';
import type { BulkStatusReport } from '../../store/staff-api.js';
import { useStaffBulkStatusMutation } from '../../store/staff-api.js';

/** The report of a bulk change: how many changed, and each refused row with the server's reason. */
function BulkReport({ report, onClose }: { report: BulkStatusReport; onClose: () => void }) {
  return (
    <section className="console-panel" aria-labelledby="bulk-report-heading">
      <h2 id="bulk-report-heading">{messages.bulkReportTitle}</h2>
      <p role="status">{messages.bulkChanged(report.changed)}</p>
      {report.refused.length === 0 ? null : (
        <>
          <p>{messages.bulkRefused(report.refused.length)}</p>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{messages.columnReceipt}</th>
                <th scope="col">{messages.bulkRefusedReason}</th>
              </tr>
            </thead>
            <tbody>
              {report.refused.map((row) => (
                <tr key={row.partitionKey}>
                  <th scope="row">{row.receiptNumber}</th>
                  <td>{row.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <Button variant="secondary" onClick={onClose}>
        {messages.close}
      </Button>
    </section>
  );
}

/**
 * The status of every record the applied filter matches (not only the page shown): the dialog says
 * how many, the server checks each row and reports the ones it refused.
 */
export function BulkStatus({ surveyId, filter, matching }: { surveyId: string; filter: RecordFilter; matching: number }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<CheckStatus>('処理中');
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [changeAll, result] = useStaffBulkStatusMutation();
  // Cancelling frees bookings and refunds payments: as for one record, a reason is asked for.
  const closing = isClosedCheckStatus(status);
  const confirm = () => {
    if (closing && reason.trim() === '') {
      setReasonMissing(true);
      return;
    }
    setOpen(false);
    // The count the dialog said: the server changes nothing if the filter now matches another.
    void changeAll({ surveyId, filter, status, expectedCount: matching, ...(reason.trim() === '' ? {} : { reason: reason.trim() }) });
  };
  return (
    <>
      <Button variant="secondary" disabled={matching === 0 || result.isLoading} onClick={() => { setOpen(true); }}>
        {result.isLoading ? messages.bulkRunning : messages.bulkStatus}
      </Button>
      <Dialog open={open} title={messages.bulkTitle} confirmLabel={messages.bulkConfirm(matching, status)} cancelLabel={messages.cancelDialog} onConfirm={confirm} onCancel={() => { setOpen(false); }}>
        <p>{messages.bulkLead(matching)}</p>
        <label className="console-label" htmlFor="bulk-status">
          {messages.bulkStatusLabel}
        </label>
        <select id="bulk-status" className="city-input" value={status} onChange={(event) => { setStatus(event.target.value as CheckStatus); }}>
          {CHECK_STATUSES.map((candidate) => (
            <option key={candidate} value={candidate}>
              {candidate}
            </option>
          ))}
        </select>
        <TextAreaField
          label={closing ? messages.bulkReasonRequiredLabel : messages.bulkReasonLabel}
          maxLength={1000}
          value={reason}
          problem={closing && reasonMissing ? messages.cancelReasonRequired : undefined}
          onChange={(value) => {
            setReason(value);
            setReasonMissing(false);
          }}
        />
      </Dialog>
      {result.error === undefined ? null : <CallFailure error={result.error} />}
      {result.data === undefined ? null : <BulkReport report={result.data} onClose={() => { result.reset(); }} />}
    </>
  );
}
