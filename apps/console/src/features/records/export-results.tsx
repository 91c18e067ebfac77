import type { RecordFilter } from '@city/api-client/staff-contract';
import { Button, Dialog, Loading } from '@city/ui';
import { useId, useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { messages } from '../../messages.js';
import { urlOf } from '../../store/base-query.js';
import type { ExportCheckReport } from '../../store/staff-api.js';
import { useStaffCheckExportMutation } from '../../store/staff-api.js';

type Encoding = 'windows-31j' | 'utf-8';
type Items = 'all' | 'shown';

/**
 * Starts the browser's own download of the export: the file streams to disk as the server writes
 * it (a million records never sit in this page's memory), the session cookie going along.
 */
function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The cells Windows-31J cannot hold, by line and column, and the way out: UTF-8. */
function UnencodableReport({ report, onUtf8, onClose }: { report: ExportCheckReport; onUtf8: () => void; onClose: () => void }) {
  const text = messages.exportResults;
  return (
    <section className="console-panel" aria-labelledby="export-report-heading">
      <h2 id="export-report-heading">{text.reportTitle}</h2>
      <p role="alert">{text.reportLead(report.unencodable.length)}</p>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{text.reportLine}</th>
            <th scope="col">{messages.columnReceipt}</th>
            <th scope="col">{text.reportColumn}</th>
            <th scope="col">{text.reportCharacter}</th>
          </tr>
        </thead>
        <tbody>
          {report.unencodable.map((cell) => (
            <tr key={`${String(cell.line)}-${cell.column}-${cell.character}`}>
              <td>{cell.line === 1 ? text.headerLine : text.lineNumber(cell.line)}</td>
              <td>{cell.receiptNumber}</td>
              <td>{cell.column}</td>
              <td lang="ja">{cell.character}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="console-actions">
        <Button onClick={onUtf8}>{text.exportAsUtf8}</Button>
        <Button variant="secondary" onClick={onClose}>
          {messages.close}
        </Button>
      </div>
    </section>
  );
}

/**
 * The CSV export of every record the applied filter matches (the list's own filter, not only the
 * page shown): Windows-31J for Excel, checked first for characters it cannot hold (listed by line
 * and column, with UTF-8 offered), or UTF-8 with its BOM; every item, or the columns shown.
 */
export function ExportResults({ surveyId, filter, matching, shownColumns }: { surveyId: string; filter: RecordFilter; matching: number; shownColumns: readonly string[] }) {
  const text = messages.exportResults;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [encoding, setEncoding] = useState<Encoding>('windows-31j');
  const [items, setItems] = useState<Items>('all');
  const [started, setStarted] = useState(false);
  const [check, checked] = useStaffCheckExportMutation();
  const columns = items === 'shown' ? [...shownColumns] : undefined;

  const download = (as: Encoding) => {
    checked.reset();
    startDownload(
      urlOf({
        endpoint: 'staffExportRecords',
        params: { surveyId },
        query: { filter: JSON.stringify(filter), encoding: as, items, columns: columns?.join(',') },
      }),
    );
    setStarted(true);
  };

  const confirm = async () => {
    setOpen(false);
    setStarted(false);
    if (encoding === 'utf-8') {
      download('utf-8');
      return;
    }
    // Windows-31J: every cell checked before a byte is written, so the file is never cut short.
    const outcome = await check({ surveyId, filter, items, ...(columns === undefined ? {} : { columns }) });
    if (outcome.data !== undefined && outcome.data.unencodable.length === 0) download('windows-31j');
  };

  const radio = <Value extends string>(name: string, value: Value, current: Value, label: string, set: (value: Value) => void) => (
    <label className="console-check">
      <input
        type="radio"
        name={`${id}-${name}`}
        value={value}
        checked={current === value}
        onChange={() => {
          set(value);
        }}
      />
      {label}
    </label>
  );

  return (
    <div className="console-export">
      <Button
        variant="secondary"
        disabled={matching === 0 || checked.isLoading}
        onClick={() => {
          setOpen(true);
        }}
      >
        {messages.exportCsv}
      </Button>
      <Dialog open={open} title={text.title} confirmLabel={text.confirm(matching)} cancelLabel={messages.cancelDialog} onConfirm={() => void confirm()} onCancel={() => { setOpen(false); }}>
        <p>{text.lead(matching)}</p>
        <fieldset className="console-choices">
          <legend>{text.encodingLegend}</legend>
          {radio('encoding', 'windows-31j', encoding, text.windows31j, setEncoding)}
          {radio('encoding', 'utf-8', encoding, text.utf8, setEncoding)}
        </fieldset>
        <fieldset className="console-choices">
          <legend>{text.itemsLegend}</legend>
          {radio('items', 'all', items, text.allItems, setItems)}
          {radio('items', 'shown', items, text.shownItems(shownColumns.length), setItems)}
        </fieldset>
      </Dialog>
      {checked.isLoading ? <Loading label={text.checking(matching)} /> : null}
      {checked.error === undefined ? null : <CallFailure error={checked.error} />}
      {checked.data !== undefined && checked.data.unencodable.length > 0 ? (
        <UnencodableReport
          report={checked.data}
          onUtf8={() => {
            download('utf-8');
          }}
          onClose={() => {
            checked.reset();
          }}
        />
      ) : null}
      {started ? (
        <p className="console-note" role="status">
          {text.started}
        </p>
      ) : null}
    </div>
  );
}
