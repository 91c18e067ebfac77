import type { SurveyState } from '@city/api-client/staff-contract';
import { Button, Dialog, Loading } from '@city/ui';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { StaffSurvey } from '../../store/staff-api.js';
import { callErrorOf, useStaffDeleteSurveyMutation, useStaffSetSurveyStateMutation, useStaffSurveysQuery, useStaffTeamsQuery } from '../../store/staff-api.js';
import { CopyDialog } from './copy-dialog.js';

/** Whether the survey books a slot: its phone entry is then a booking (代理予約), else answers (代理入力). */
const booksSlots = (survey: StaffSurvey) => survey.items.some((item) => item.type === 'reservation');

/** The state change each state offers: a draft is published, a published survey closed, a closed one reopened. */
const NEXT_STATE: Record<SurveyState, { state: SurveyState; text: string; label: (title: string) => string; done: (title: string) => string }> = {
  draft: { state: 'published', text: messages.publishSurvey, label: messages.publishSurveyLabel, done: messages.surveyPublished },
  published: { state: 'closed', text: messages.closeSurvey, label: messages.closeSurveyLabel, done: messages.surveyClosed },
  closed: { state: 'published', text: messages.reopenSurvey, label: messages.reopenSurveyLabel, done: messages.surveyReopened },
};

/** What the last action on the list did (or why it was refused), with a link to a copy just made. */
interface Done {
  text: string;
  failed: boolean;
  editId?: string;
}

/**
 * The surveys of the staff member's teams: to their results, and to booking by phone where allowed;
 * with `surveys.edit`, to create, edit, copy, publish, close, reopen and delete them.
 */
export function SurveysPage() {
  useDocumentTitle(messages.surveysTitle);
  const session = useAppSelector(selectSession);
  const surveys = useStaffSurveysQuery(undefined);
  const mayBook = mayTake(session, 'records.bookOnBehalf');
  const mayEdit = mayTake(session, 'surveys.edit');
  const teams = useStaffTeamsQuery(undefined, { skip: !mayEdit });
  const [setState, settingState] = useStaffSetSurveyStateMutation();
  const [remove, removing] = useStaffDeleteSurveyMutation();
  const [copying, setCopying] = useState<StaffSurvey | undefined>();
  const [deleting, setDeleting] = useState<StaffSurvey | undefined>();
  const [done, setDone] = useState<Done | undefined>();
  const [doneCount, setDoneCount] = useState(0);
  const doneRef = useRef<HTMLDivElement>(null);
  // The button pressed may be gone with its row (a delete): the focus goes to what the action did.
  useEffect(() => {
    if (doneCount > 0) doneRef.current?.focus();
  }, [doneCount]);
  const say = (next: Done) => {
    setDone(next);
    setDoneCount((count) => count + 1);
  };
  const failed = (error: unknown) => {
    say({ text: callErrorOf(error)?.message ?? messages.unexpectedError, failed: true });
  };

  const changeState = async (survey: StaffSurvey) => {
    const next = NEXT_STATE[survey.state];
    const { error } = await setState({ surveyId: survey.surveyId, state: next.state });
    if (error === undefined) say({ text: next.done(survey.title), failed: false });
    else failed(error);
  };
  const confirmDelete = async (survey: StaffSurvey) => {
    setDeleting(undefined);
    const { error } = await remove({ surveyId: survey.surveyId });
    if (error === undefined) say({ text: messages.surveyDeleted(survey.title), failed: false });
    else failed(error);
  };

  return (
    <>
      <div className="console-title-row">
        <h1>{messages.surveysTitle}</h1>
        {mayEdit ? (
          <Link className="city-button city-button--primary console-button-link" to={paths.newSurvey.to()}>
            {messages.createSurvey}
          </Link>
        ) : null}
      </div>
      {done === undefined ? null : (
        <div ref={doneRef} tabIndex={-1} className={done.failed ? 'console-panel console-outcome console-outcome--problem' : 'console-panel console-outcome'}>
          <p role={done.failed ? 'alert' : 'status'}>{done.text}</p>
          {done.editId === undefined ? null : <Link to={paths.editSurvey.to(done.editId)}>{messages.editCopied}</Link>}
        </div>
      )}
      {surveys.error === undefined ? null : (
        <CallFailure
          error={surveys.error}
          onRetry={() => {
            void surveys.refetch();
          }}
        />
      )}
      {surveys.isLoading ? <Loading label={messages.loading} /> : null}
      {surveys.data?.length === 0 ? <p>{messages.surveysEmpty}</p> : null}
      {surveys.data !== undefined && surveys.data.length > 0 ? (
        <div className="console-table-scroll">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{messages.surveyColumn}</th>
                <th scope="col">{messages.stateColumn}</th>
                <th scope="col">{messages.versionColumn}</th>
                <th scope="col">{messages.actionsColumn}</th>
              </tr>
            </thead>
            <tbody>
              {surveys.data.map((survey) => (
                <tr key={survey.surveyId}>
                  <th scope="row">{survey.title}</th>
                  <td className="console-nowrap">
                    <span className={`console-state console-state--${survey.state}`}>{messages.surveyStates[survey.state]}</span>
                  </td>
                  <td className="console-nowrap">{messages.versionNumber(survey.version)}</td>
                  <td>
                    <div className="console-table__actions console-survey-actions">
                      <Link to={paths.records.to(survey.surveyId)} aria-label={messages.openRecords(survey.title)}>
                        {messages.recordsLink}
                      </Link>
                      {mayBook ? (
                        <Link to={paths.phoneBooking.to(survey.surveyId)} aria-label={messages.openPhoneBooking(survey.title, booksSlots(survey))}>
                          {messages.phoneBookingLink(booksSlots(survey))}
                        </Link>
                      ) : null}
                      {mayEdit ? (
                        <>
                          <Link to={paths.editSurvey.to(survey.surveyId)} aria-label={messages.editSurveyLabel(survey.title)}>
                            {messages.editSurvey}
                          </Link>
                          <Button
                            variant="secondary"
                            className="console-small-button"
                            aria-label={messages.copySurveyLabel(survey.title)}
                            disabled={teams.data === undefined}
                            onClick={() => {
                              setCopying(survey);
                            }}
                          >
                            {messages.copySurvey}
                          </Button>
                          <Button
                            variant="secondary"
                            className="console-small-button"
                            aria-label={NEXT_STATE[survey.state].label(survey.title)}
                            disabled={settingState.isLoading}
                            onClick={() => {
                              void changeState(survey);
                            }}
                          >
                            {NEXT_STATE[survey.state].text}
                          </Button>
                          <Button
                            variant="secondary"
                            className="console-small-button"
                            aria-label={messages.deleteSurveyLabel(survey.title)}
                            disabled={removing.isLoading}
                            onClick={() => {
                              setDeleting(survey);
                            }}
                          >
                            {messages.deleteSurvey}
                          </Button>
                        </>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {copying === undefined || teams.data === undefined ? null : (
        <CopyDialog
          survey={copying}
          teams={teams.data}
          onCopied={(copy) => {
            setCopying(undefined);
            say({ text: messages.surveyCopied(copy.title), failed: false, editId: copy.surveyId });
          }}
          onCancel={() => {
            setCopying(undefined);
          }}
        />
      )}
      <Dialog
        open={deleting !== undefined}
        title={messages.deleteSurveyTitle(deleting?.title ?? '')}
        danger
        confirmLabel={messages.deleteSurveyConfirm}
        cancelLabel={messages.cancelDialog}
        onConfirm={() => {
          if (deleting !== undefined) void confirmDelete(deleting);
        }}
        onCancel={() => {
          setDeleting(undefined);
        }}
      >
        <p>{messages.deleteSurveyLead}</p>
      </Dialog>
    </>
  );
}
