import { Button, Loading } from '@city/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { focusTarget, RESULTS_TARGET_ID } from '../../components/skip-targets.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { columnsToShow } from '../../lib/column-choice.js';
import type { FilterProblems } from '../../lib/record-filter.js';
import { toRecordFilter } from '../../lib/record-filter.js';
import { messages } from '../../messages.js';
import { useAppDispatch, useAppSelector } from '../../store/hooks.js';
import type { RootState } from '../../store/root-reducer.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { StaffSurvey } from '../../store/staff-api.js';
import { useStaffColumnChoiceQuery, useStaffRecordsQuery, useStaffSaveColumnChoiceMutation, useStaffSurveyQuery } from '../../store/staff-api.js';
import { useStaffSurvey } from '../../store/use-survey.js';
import { SendNotice } from '../../components/send-notice.js';
import { BulkStatus } from './bulk-status.js';
import { ColumnChooser } from './column-chooser.js';
import { ExportResults } from './export-results.js';
import { filterableItems, FilterFormPanel } from './filter-form.js';
import { RecordsTable } from './records-table.js';
import { filterApplied, filterCleared, formChanged, pageTurned, selectResultsView } from './results-slice.js';

const PAGE_SIZE = 50;

/** The three counts: every record of the survey, those the filter matches, those on this page. */
function Counts({ all, matching, shown, first }: { all: number; matching: number; shown: number; first: number }) {
  return (
    <dl className="console-counts" aria-live="polite">
      <div>
        <dt>{messages.countAll}</dt>
        <dd>{messages.countValue(all)}</dd>
      </div>
      <div>
        <dt>{messages.countMatching}</dt>
        <dd>{messages.countValue(matching)}</dd>
      </div>
      <div>
        <dt>{messages.countShown}</dt>
        <dd>
          {messages.countValue(shown)}
          {shown > 0 ? messages.shownRange(first, first + shown - 1) : ''}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The item columns chosen, kept on the server per staff member and survey. Until the choice
 * arrives (or if it cannot be read) the list shows the default columns, so it is usable at once;
 * a choice made on this page wins over whatever arrives later.
 */
function useColumnChoice(survey: StaffSurvey) {
  const { surveyId } = survey;
  const available = survey.items.filter((item) => item.type !== 'guide').map((item) => item.itemKey);
  const stored = useStaffColumnChoiceQuery({ surveyId });
  const [save, saving] = useStaffSaveColumnChoiceMutation();
  const [picked, setPicked] = useState<string[] | undefined>(undefined);
  const choose = (itemKeys: string[]) => {
    setPicked(itemKeys);
    void save({ surveyId, itemKeys });
  };
  return { columns: columnsToShow(available, picked ?? stored.data?.itemKeys), choose, saveFailed: saving.isError };
}

function SurveyResults({ survey }: { survey: StaffSurvey }) {
  const { surveyId } = survey;
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const view = useAppSelector((state: RootState) => selectResultsView(state, surveyId));
  const [problems, setProblems] = useState<FilterProblems>({});
  const { columns, choose: chooseColumns, saveFailed: columnsNotSaved } = useColumnChoice(survey);
  const after = view.cursors.at(-1);
  const page = useStaffRecordsQuery({ surveyId, filter: view.applied, limit: PAGE_SIZE, ...(after === undefined ? {} : { after }) });
  // The whole configuration: choice items' options for the filter, item formats for the table.
  const config = useStaffSurveyQuery({ surveyId }).data;
  useDocumentTitle(messages.recordsTitle(survey.title));

  const apply = () => {
    const itemTypes = Object.fromEntries(filterableItems(survey).map((item) => [item.itemKey, item.type]));
    const outcome = toRecordFilter(view.form, itemTypes);
    if ('problems' in outcome) {
      setProblems(outcome.problems);
      return;
    }
    setProblems({});
    dispatch(filterApplied({ surveyId, filter: outcome.filter }));
  };
  // The button pressed is disabled while the page loads, or gone on the first or last page: the
  // focus goes to the records (the table stays while the next page loads, its caption then says
  // which records it shows), never to the page's start.
  const turnTo = (cursors: string[]) => {
    dispatch(pageTurned({ surveyId, cursors }));
    focusTarget(RESULTS_TARGET_ID);
  };
  const first = view.cursors.length * PAGE_SIZE + 1;
  const nextCursor = page.data?.nextCursor ?? null;

  return (
    <>
      <h1>{messages.recordsTitle(survey.title)}</h1>
      <p>
        <Link to={paths.surveys.to()}>{messages.backToSurveys}</Link>
      </p>
      <FilterFormPanel
        survey={survey}
        config={config}
        form={view.form}
        problems={problems}
        onChange={(form) => dispatch(formChanged({ surveyId, form }))}
        onApply={apply}
        onClear={() => {
          setProblems({});
          dispatch(filterCleared({ surveyId }));
        }}
      />
      <section aria-labelledby="results-heading" className="console-results">
        <h2 id="results-heading" className="city-visually-hidden">
          {messages.resultsHeading}
        </h2>
        <div className="console-toolbar">
          {page.data === undefined ? null : <Counts {...page.data.counts} first={first} />}
          <ColumnChooser survey={survey} chosen={columns} onChange={chooseColumns} />
          {columnsNotSaved ? (
            <p className="console-note" role="alert">
              {messages.columnChoiceNotSaved}
            </p>
          ) : null}
          {mayTake(session, 'records.bulkChange') && page.data !== undefined ? <BulkStatus surveyId={surveyId} filter={view.applied} matching={page.data.counts.matching} /> : null}
          {mayTake(session, 'records.notify') && page.data !== undefined ? <SendNotice surveyId={surveyId} target={{ filter: view.applied, matching: page.data.counts.matching }} /> : null}
          <Link className="console-button-link" to={paths.surveyNotices.to(surveyId)}>
            {messages.notices.history}
          </Link>
          {mayTake(session, 'records.import') ? (
            <Link className="console-button-link" to={paths.importRecords.to(surveyId)}>
              {messages.importResults.link}
            </Link>
          ) : null}
          {mayTake(session, 'records.export') && page.data !== undefined ? (
            <ExportResults surveyId={surveyId} filter={view.applied} matching={page.data.counts.matching} shownColumns={columns} />
          ) : null}
        </div>
        {page.error === undefined ? null : (
          <CallFailure
            error={page.error}
            onRetry={() => {
              void page.refetch();
            }}
          />
        )}
        {page.isFetching ? <Loading label={messages.loading} /> : null}
        {page.data?.data.length === 0 ? (
          <p id={RESULTS_TARGET_ID} tabIndex={-1}>
            {messages.noRecords}
          </p>
        ) : null}
        {page.data !== undefined && page.data.data.length > 0 ? <RecordsTable survey={survey} config={config} records={page.data.data} columns={columns} first={first} /> : null}
        <div className="console-actions">
          {view.cursors.length > 0 ? (
            <>
              <Button variant="secondary" onClick={() => { turnTo([]); }}>
                {messages.firstPage}
              </Button>
              <Button variant="secondary" onClick={() => { turnTo(view.cursors.slice(0, -1)); }}>
                {messages.previousPage}
              </Button>
            </>
          ) : null}
          {nextCursor === null ? null : (
            <Button variant="secondary" disabled={page.isFetching} onClick={() => { turnTo([...view.cursors, nextCursor]); }}>
              {messages.nextPage}
            </Button>
          )}
        </div>
      </section>
    </>
  );
}

/** `/surveys/:surveyId`: a survey's results, filtered and paged. */
export function RecordsPage() {
  const { surveyId = '' } = useParams();
  const session = useAppSelector(selectSession);
  const { survey, surveys } = useStaffSurvey(surveyId);
  if (surveys.error !== undefined) {
    return (
      <CallFailure
        error={surveys.error}
        onRetry={() => {
          void surveys.refetch();
        }}
      />
    );
  }
  if (surveys.isLoading || session === null) return <Loading label={messages.loading} />;
  if (survey === undefined) {
    return (
      <>
        <h1>{messages.notFoundTitle}</h1>
        <Link to={paths.surveys.to()}>{messages.backToSurveys}</Link>
      </>
    );
  }
  // Keyed: another survey or staff member starts with its own columns and list.
  return <SurveyResults key={`${session.staff.staffId}:${surveyId}`} survey={survey} />;
}
