import { Button, Loading, Notice } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { RecordsImportReport } from '../../store/staff-api.js';
import { useStaffImportRecordsMutation } from '../../store/staff-api.js';
import { useStaffSurvey } from '../../store/use-survey.js';
import { DoneMessage } from '../../components/done-message.js';
import { base64Of } from '../../lib/base64.js';
import { Refusal } from '../../components/refusal.js';

const text = messages.importResults;

/** What a file does (or would do): the counts, the columns left to the server, every problem by place. */
function ImportReport({ report }: { report: RecordsImportReport }) {
  const counts: [string, number][] = [
    [text.records, report.records],
    [text.create, report.create],
    [text.update, report.update],
    [text.unchanged, report.unchanged],
    [text.bookings, report.bookings],
  ];
  return (
    <>
      <dl className="console-counts">
        {counts.map(([label, count]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text.count(count)}</dd>
          </div>
        ))}
      </dl>
      {report.ignoredColumns.length === 0 ? null : <p className="console-note">{text.ignoredColumns(report.ignoredColumns.join('、'))}</p>}
      {report.problems.length === 0 ? null : (
        <>
          <h3>{text.problemsTitle(report.problems.length)}</h3>
          <Notice tone="error">
            <p>{text.problemsLead}</p>
          </Notice>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{text.place}</th>
                <th scope="col">{text.problem}</th>
              </tr>
            </thead>
            <tbody>
              {report.problems.map((problem, index) => (
                // One place may have two problems: the position keeps them apart.
                <tr key={index}>
                  <th scope="row">{problem.at}</th>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}

/**
 * `/surveys/:surveyId/import`: results from a CSV file. First a dry run (every problem by line and
 * column, and what each line would do; nothing written), then 「取り込む」 applies exactly that file,
 * all of it or none of it.
 */
export function ImportPage() {
  const { surveyId = '' } = useParams();
  const id = useId();
  const session = useAppSelector(selectSession);
  const { survey, surveys } = useStaffSurvey(surveyId);
  const allowed = mayTake(session, 'records.import');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [checked, setChecked] = useState<{ fileName: string; contentBase64: string; report: RecordsImportReport } | null>(null);
  const [applied, setApplied] = useState<RecordsImportReport | null>(null);
  const [check, checking] = useStaffImportRecordsMutation();
  const [apply, applying] = useStaffImportRecordsMutation();
  useDocumentTitle(text.title(survey?.title ?? ''));

  const reset = () => {
    setChecked(null);
    setApplied(null);
    setProblem('');
    checking.reset();
    applying.reset();
  };

  const submitCheck = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset();
    if (file === null) {
      setProblem(text.chooseFile);
      return;
    }
    const contentBase64 = base64Of(new Uint8Array(await file.arrayBuffer()));
    const outcome = await check({ surveyId, fileName: file.name, contentBase64, dryRun: true });
    if (outcome.data !== undefined) setChecked({ fileName: file.name, contentBase64, report: outcome.data });
  };

  const submitApply = async () => {
    if (checked === null) return;
    const outcome = await apply({ surveyId, fileName: checked.fileName, contentBase64: checked.contentBase64, dryRun: false });
    if (outcome.data !== undefined) {
      setApplied(outcome.data);
      setChecked(null);
    }
  };

  if (surveys.error !== undefined) return <CallFailure error={surveys.error} onRetry={() => void surveys.refetch()} />;
  if (surveys.isLoading || session === null) return <Loading label={messages.loading} />;
  if (survey === undefined) {
    return (
      <>
        <h1>{messages.notFoundTitle}</h1>
        <Link to={paths.surveys.to()}>{messages.backToSurveys}</Link>
      </>
    );
  }
  const ready = checked !== null && checked.report.problems.length === 0;
  const nothingToDo = ready && checked.report.create + checked.report.update === 0;
  return (
    <>
      <h1>{text.title(survey.title)}</h1>
      <p>
        <Link to={paths.records.to(surveyId)}>{text.backToRecords}</Link>
      </p>
      {allowed ? <p>{text.lead}</p> : <Notice tone="warning">{messages.forbidden}</Notice>}
      {allowed ? (
        <form className="console-panel" onSubmit={(event) => void submitCheck(event)} noValidate>
          <div className="console-filter__item">
            <label htmlFor={`${id}-file`}>{text.fileLabel}</label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                reset();
              }}
            />
          </div>
          {problem === '' ? null : (
            <p className="city-field__error" role="alert">
              {problem}
            </p>
          )}
          <Refusal error={checking.error} />
          <div className="console-actions">
            <Button type="submit" variant={checked === null ? 'primary' : 'secondary'} disabled={checking.isLoading}>
              {text.check}
            </Button>
          </div>
        </form>
      ) : null}
      {checking.isLoading ? <Loading label={text.checking} /> : null}
      {applying.isLoading ? <Loading label={messages.loading} /> : null}
      {checked === null ? null : (
        <section className="console-panel" aria-labelledby={`${id}-report`}>
          <h2 id={`${id}-report`}>{text.reportTitle(checked.fileName)}</h2>
          <ImportReport report={checked.report} />
          {ready ? <p>{nothingToDo ? text.nothingToDo : text.readyLead}</p> : null}
          <Refusal error={applying.error} title={text.applyRefused} />
          {ready && !nothingToDo ? (
            <div className="console-actions">
              <Button disabled={applying.isLoading} onClick={() => void submitApply()}>
                {text.apply}
              </Button>
              <Button variant="secondary" onClick={reset}>
                {messages.cancelDialog}
              </Button>
            </div>
          ) : null}
        </section>
      )}
      <DoneMessage message={applied === null ? '' : text.applied(applied.create, applied.update, applied.unchanged)} />
    </>
  );
}
