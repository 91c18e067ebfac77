import { Button, Loading, Notice } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { CalendarFileBody, CalendarFileReport } from './calendar-admin-api.js';
import { useStaffApplyCalendarFileMutation, useStaffCalendarAdminQuery, useStaffPreviewCalendarFileMutation } from './calendar-admin-api.js';
import { calendarlessLeaves, isCategoryId, pathText } from './category-tree.js';
import { mondayOf } from './dates.js';
import { DoneMessage } from '../../components/done-message.js';
import { FileReport } from './file-report.js';
import { base64Of } from '../../lib/base64.js';
import { Refusal } from '../../components/refusal.js';
import './calendars.css';

const text = messages.calendarAdmin;

type FileKind = 'slots' | 'categories';
type Target = 'existing' | 'new';

/**
 * `/calendar-files`: the earlier platform's files brought in. A slot file goes to a calendar (one
 * there, or a new one on a bookable category), a category file adds to the tree. First a preview
 * of every change (nothing written), then 「この内容で取り込む」 applies exactly that file, all or
 * nothing. A file's problems are listed by line and column; a refusal (bookings in the way) too.
 */
export function CalendarFilesPage() {
  useDocumentTitle(text.filesPageTitle);
  const id = useId();
  const session = useAppSelector(selectSession);
  const allowed = mayTake(session, 'calendars.edit');
  const view = useStaffCalendarAdminQuery(undefined, { skip: !allowed, refetchOnMountOrArgChange: true });
  const [kind, setKind] = useState<FileKind>('slots');
  const [target, setTarget] = useState<Target>('existing');
  const [calendarId, setCalendarId] = useState('');
  const [newCalendarId, setNewCalendarId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [previewed, setPreviewed] = useState<{ body: CalendarFileBody; report: CalendarFileReport } | null>(null);
  const [applied, setApplied] = useState<CalendarFileReport | null>(null);
  const [preview, previewing] = useStaffPreviewCalendarFileMutation();
  const [apply, applying] = useStaffApplyCalendarFileMutation();

  const calendars = (view.data?.categories ?? []).flatMap((category) => (category.calendar === null ? [] : [{ calendarId: category.calendar.calendarId, label: pathText(category) }]));
  const leaves = calendarlessLeaves(view.data?.categories ?? []);

  /** Anything changed in the form: the preview shown is of something else now. */
  const changed = () => {
    setPreviewed(null);
    setApplied(null);
    setProblem('');
    previewing.reset();
    applying.reset();
  };

  /** Where the file's slots go, or what is missing. */
  const targetOf = (): { calendarId?: string; categoryId?: string } | string => {
    if (kind === 'categories') return {};
    if (target === 'existing') return calendarId === '' ? text.chooseCalendar : { calendarId };
    if (!isCategoryId(newCalendarId.trim())) return text.calendarIdHint;
    if (categoryId === '') return text.chooseCategory;
    return { calendarId: newCalendarId.trim(), categoryId };
  };

  const submitPreview = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    changed();
    const where = targetOf();
    if (file === null) {
      setProblem(text.chooseFile);
      return;
    }
    if (typeof where === 'string') {
      setProblem(where);
      return;
    }
    const body: CalendarFileBody = { fileName: file.name, contentBase64: base64Of(new Uint8Array(await file.arrayBuffer())), ...where };
    const outcome = await preview(body);
    if (outcome.data !== undefined) setPreviewed({ body, report: outcome.data });
  };

  const submitApply = async () => {
    if (previewed === null) return;
    const outcome = await apply(previewed.body);
    if (outcome.data !== undefined) {
      setApplied(outcome.data);
      setPreviewed(null);
    }
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
          changed();
        }}
      />
      {label}
    </label>
  );

  return (
    <>
      <p className="calendars-back">
        <Link to={paths.calendars.to()}>{text.backToAdmin}</Link>
      </p>
      <h1>{text.filesPageTitle}</h1>
      {allowed ? <p>{text.filesPageLead}</p> : <Notice tone="warning">{messages.forbidden}</Notice>}
      {view.error === undefined ? null : (
        <CallFailure
          error={view.error}
          onRetry={() => {
            void view.refetch();
          }}
        />
      )}
      {view.isLoading ? <Loading label={messages.loading} /> : null}
      {allowed ? (
        <form className="console-panel" aria-labelledby={`${id}-title`} onSubmit={(event) => void submitPreview(event)} noValidate>
          <h2 id={`${id}-title`}>{text.uploadTitle}</h2>
          <fieldset className="calendars-group">
            <legend>{text.fileKind}</legend>
            <div className="console-filter__choices">
              {radio('kind', 'slots', kind, text.slotFile, setKind)}
              {radio('kind', 'categories', kind, text.categoryFile, setKind)}
            </div>
          </fieldset>
          {kind === 'slots' ? (
            <fieldset className="calendars-group">
              <legend>{text.fileTarget}</legend>
              <div className="console-filter__choices">
                {radio('target', 'existing', target, text.existingCalendar, setTarget)}
                {radio('target', 'new', target, text.newCalendar, setTarget)}
              </div>
              {target === 'existing' ? (
                <div className="console-filter__item calendars-narrow">
                  <label htmlFor={`${id}-calendar`}>{text.calendar}</label>
                  <select
                    id={`${id}-calendar`}
                    className="city-input"
                    value={calendarId}
                    onChange={(event) => {
                      setCalendarId(event.target.value);
                      changed();
                    }}
                  >
                    <option value="">{text.choose}</option>
                    {calendars.map((calendar) => (
                      <option key={calendar.calendarId} value={calendar.calendarId}>
                        {text.calendarOption(calendar.label, calendar.calendarId)}
                      </option>
                    ))}
                  </select>
                </div>
              ) : (
                <div className="calendars-stack">
                  <div className="console-filter__item">
                    <label htmlFor={`${id}-new-id`}>{text.newCalendarId}</label>
                    <input
                      id={`${id}-new-id`}
                      className="city-input"
                      value={newCalendarId}
                      maxLength={64}
                      autoComplete="off"
                      spellCheck={false}
                      aria-describedby={`${id}-new-id-hint`}
                      onChange={(event) => {
                        setNewCalendarId(event.target.value);
                        changed();
                      }}
                    />
                    <p id={`${id}-new-id-hint`} className="console-note">
                      {text.calendarIdHint}
                    </p>
                  </div>
                  <div className="console-filter__item">
                    <label htmlFor={`${id}-category`}>{text.newCalendarCategory}</label>
                    <select
                      id={`${id}-category`}
                      className="city-input"
                      value={categoryId}
                      onChange={(event) => {
                        setCategoryId(event.target.value);
                        changed();
                      }}
                    >
                      <option value="">{text.choose}</option>
                      {leaves.map((category) => (
                        <option key={category.categoryId} value={category.categoryId}>
                          {text.calendarOption(pathText(category), category.categoryId)}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
              )}
            </fieldset>
          ) : null}
          <div className="console-filter__item calendars-narrow">
            <label htmlFor={`${id}-file`}>{text.fileLabel}</label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              className="calendars-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                changed();
              }}
            />
          </div>
          {problem === '' ? null : (
            <p className="city-field__error" role="alert">
              {problem}
            </p>
          )}
          <Refusal error={previewing.error} title={text.previewRefused} />
          <div className="console-actions">
            <Button type="submit" variant={previewed === null ? 'primary' : 'secondary'} disabled={previewing.isLoading}>
              {text.preview}
            </Button>
          </div>
        </form>
      ) : null}
      {previewing.isLoading || applying.isLoading ? <Loading label={messages.loading} /> : null}
      {previewed === null ? null : (
        <section className="console-panel" aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`}>{text.previewTitle(previewed.body.fileName)}</h2>
          <p>{text.previewLead}</p>
          <FileReport report={previewed.report} />
          <Refusal error={applying.error} title={text.applyRefused} />
          <div className="console-actions">
            <Button disabled={applying.isLoading} onClick={() => void submitApply()}>
              {text.apply}
            </Button>
            <Button variant="secondary" onClick={changed}>
              {messages.cancelDialog}
            </Button>
          </div>
        </section>
      )}
      <DoneMessage message={applied === null ? '' : text.applied} />
      {applied === null ? null : (
        <section className="console-panel" aria-labelledby={`${id}-applied`}>
          <h2 id={`${id}-applied`}>{text.appliedTitle}</h2>
          <FileReport report={applied} />
          {applied.kind === 'slots' && applied.calendarId !== null ? (
            <p>
              <Link to={applied.dates[0] === undefined ? paths.calendar.to(applied.calendarId) : `${paths.calendar.to(applied.calendarId)}?week=${mondayOf(applied.dates[0].date)}`}>{text.openAppliedCalendar(applied.calendarId)}</Link>
            </p>
          ) : null}
        </section>
      )}
    </>
  );
}
