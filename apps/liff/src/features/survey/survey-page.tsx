import type { Answers, FileRef, SurveyConfig } from '@city/survey-core';
import { isClosedCheckStatus, normalizeAnswers, registrationForm } from '@city/survey-core';
import { FILE_UPLOAD_LIMITS, isApiError } from '@city/api-client';
import { Button, Notice, PageLayout, SurveyForm } from '@city/ui';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadFailure } from '../../components/load-failure.js';
import { ScreenLoading } from '../../components/screen-loading.js';
import { nextPathOf, paths } from '../../config/paths.js';
import { messageForScreen } from '../../lib/api-errors.js';
import { recordsOf } from '../../lib/records.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { messages } from '../../messages.js';
import { apiSlice, useGetSurveyConfigQuery } from '../../store/api-slice.js';
import { failureOf } from '../../store/call-failure.js';
import { useAppDispatch, useAppSelector, useServices } from '../../store/hooks.js';
import { bookingsCode } from './bookings-code.js';
import type { FormBookings } from './survey-bookings.js';
import { selectSession } from '../../store/session-slice.js';
import { answersChanged, selectSurvey, surveyOpened } from '../../store/survey-slice.js';
import { startEdit, startNewAnswer, submissionPrepared } from '../../store/survey-thunks.js';
import { draftMessages } from '../../draft-messages.js';
import { useSurveyDraft } from './survey-draft.js';

/**
 * Thumbnails of the images this citizen picked, by their stored url: the stored file needs the ID
 * token, which an <img> cannot send, so the picked file itself is shown.
 */
const pickedImages = new Map<string, string>();
const fileLimits = { accept: FILE_UPLOAD_LIMITS.contentTypes, maxBytes: FILE_UPLOAD_LIMITS.maxBytes };
/**
 * Records fetched this recently are the ones asked for as the form opened: the route's loader asks
 * for them beside the configuration (src/app/router.tsx), so the form need not ask again. (A form
 * the server rendered asks here, once the session is known; the early script's answer serves it.)
 */
const RECORDS_FRESH_SECONDS = 10;
/** Only forms with a reservation item load the booking code (see survey-bookings.tsx, bookings-code.ts). */
const SurveyBookings = lazy(bookingsCode);
const ProfileFillPanel = lazy(() => import('./profile-fill-panel.js'));

/** Whether the survey's settings map any item to a field of the citizen's LINE profile. */
const hasProfileItems = (schema: SurveyConfig['surveySchema']) => schema.some((item) => (item.type === 'text' || item.type === 'birthday') && item.profileField !== undefined);
const NO_BOOKINGS: FormBookings = { slotLabel: undefined, lockedItemKeys: [], notices: null };
/**
 * Why a paid booking's products cannot change. The payment texts load only for such an edit: every
 * other form would otherwise bring them all (1.7 KiB gzip) with its first paint.
 */
/** Only member surveys and members-only surveys load the member code and texts. */
const MemberFormLead = lazy(() => import('../../components/member-form-parts.js').then((module) => ({ default: module.MemberFormLead })));
const MembersOnlyGate = lazy(() => import('../../components/member-form-parts.js').then((module) => ({ default: module.MembersOnlyGate })));
const PaidItemsLocked = lazy(() => import('../../payment-messages.js').then(({ paymentMessages }) => ({ default: () => <Notice>{paymentMessages.paidItemsLocked}</Notice> })));

/**
 * An update-mode survey keeps one record per citizen, so answering it again replaces that record.
 * When the citizen already has an open one, the form opens as an edit of it (its answers filled
 * in, the editing notice shown) instead of silently starting over. A member survey's registered
 * citizen goes to their card instead (`toMemberCard`).
 */
function useContinueOwnRecord(surveyId: string, config: SurveyConfig | undefined, toMemberCard: string, signedIn: boolean) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const updateMode = config !== undefined && config.isAppending?.value !== true;
  // Nothing typed, no edit, and not just sent (the form then says so instead).
  const fresh = useAppSelector(
    ({ survey }) =>
      !survey.inEditingAppendingMode && Object.keys(survey.surveyInput).length === 0 && !(survey.reservationComplite && survey.completedSurveyId === surveyId),
  );
  useEffect(() => {
    // A form the server rendered asks once the session is known (its records are the citizen's).
    if (config === undefined || !updateMode || !fresh || !signedIn) return;
    let stillFresh = true;
    // Asked afresh each time the form opens, as the list does: the record may have changed since it
    // was last shown. A request made as the form opened (or still on its way) is that one.
    const request = dispatch(apiSlice.endpoints.getRecords.initiate(surveyId, { forceRefetch: RECORDS_FRESH_SECONDS }));
    request.unwrap().then(
      (found) => {
        if (!stillFresh) return;
        const survey = found.find((records) => records.config.surveyId === surveyId);
        const own = recordsOf(config, survey?.rows ?? [], survey?.receipts ?? []).find((view) => !isClosedCheckStatus(view.record.check));
        if (own === undefined) return;
        // A member opening the registration again is shown their card; changing starts from there.
        if (config.membership !== undefined) void navigate(toMemberCard, { replace: true });
        else void dispatch(startEdit({ config, record: own.record }));
      },
      // Not found out: the form stays blank (a lost session shows its own notice).
      () => undefined,
    );
    return () => {
      // The citizen started typing (or left) before the records came: leave their answers alone.
      stillFresh = false;
      request.unsubscribe();
    };
  }, [config, updateMode, fresh, signedIn, surveyId, dispatch, navigate, toMemberCard]);
}

/**
 * The survey's configuration, as the route's loader asked for it when the form was opened
 * (src/app/router.tsx), or as the page held it when the server rendered the form (main.tsx). When that failed, the failure is the form's answer: subscribing to an entry
 * that holds a failure makes RTK Query ask again at once, a second request for the same refusal (a
 * survey that does not exist, say). 再読み込み asks again.
 */
function useSurveyConfigAsOpened(surveyId: string) {
  const dispatch = useAppDispatch();
  const entry = apiSlice.endpoints.getSurveyConfig.useQueryState(surveyId);
  // Subscribed once it holds the configuration (or when nothing asked for it yet): kept for the
  // visit, as every screen reads it. Not while the first answer is on its way: a refusal arriving
  // between this render and the subscription's effect would be subscribed to, and asked again
  // (seen on a busy machine as a second request for a survey that does not exist).
  useGetSurveyConfigQuery(surveyId, { skip: entry.isError || entry.isLoading });
  const retry = () => {
    void dispatch(apiSlice.endpoints.getSurveyConfig.initiate(surveyId, { subscribe: false, forceRefetch: true }));
  };
  return { currentData: entry.currentData, isError: entry.isError, error: entry.error, retry };
}

/** Member registration (`/member/{id}`): the member survey's form, a new registration or a change. */
export function MemberPage() {
  return <SurveyPage flow="member" />;
}

/**
 * The survey form (`/survey/{id}`): a new answer, or an edit of a stored record. As the member
 * registration (`flow="member"`) it leaves out the member number (the server issues it) and goes
 * on to the member confirm screen and the card.
 */
export function SurveyPage({ flow = 'survey' }: { flow?: 'survey' | 'member' }) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const next = nextPathOf(search);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { api, commonProfile } = useServices();
  const survey = useAppSelector(selectSurvey);
  const configQuery = useSurveyConfigAsOpened(id);
  // The answers in hand belong to survey.surveyId: the form shows once it has taken this survey up.
  const config = survey.surveyId === id ? configQuery.currentData : undefined;
  // The same object for the same configuration (registrationForm keeps it), as the form needs.
  const formConfig = config === undefined ? undefined : registrationForm(config);

  useEffect(() => {
    dispatch(surveyOpened(id));
  }, [id, dispatch]);
  // Not yet on a form the server rendered, until the app has taken the session (RequireSession).
  const signedIn = useAppSelector(selectSession) !== null;
  const hydrated = useHydrated();
  useContinueOwnRecord(id, config, paths.memberConfirmList.to(id, next), signedIn);
  const justSent = survey.reservationComplite && survey.completedSurveyId === id;
  const draft = useSurveyDraft({
    api,
    surveyId: id,
    answers: survey.surveyInput,
    // A new answer only: an edit starts from its stored record, and a sent form has none. The
    // answers in hand must be this survey's (they are another's until surveyOpened has run).
    active: signedIn && config !== undefined && survey.surveyId === id && !survey.inEditingAppendingMode && !justSent,
    onRestore: useCallback((answers: Answers) => dispatch(answersChanged(answers)), [dispatch]),
  });
  if (configQuery.isError) {
    return (
      <PageLayout title={messages.appTitle}>
        <LoadFailure message={messageForScreen(configQuery.error)} onRetry={configQuery.retry} />
      </PageLayout>
    );
  }
  // The header bar stays where index.html's shell had it while the configuration arrives.
  if (config === undefined || formConfig === undefined) return <ScreenLoading label={messages.surveyLoading} />;
  const title = config.surveyTitle ?? messages.appTitle;
  const member = config.membership !== undefined;
  // A member survey opened as a survey (a shared link, say) is a registration all the same.
  if (member && flow === 'survey') return <Navigate to={paths.member.to(id)} replace />;
  if (!member && flow === 'member') return <Navigate to={paths.survey.to(id)} replace />;
  // Registered: the card is where a member goes, not "sent already".
  if (member && survey.reservationComplite && survey.completedSurveyId === id && !survey.inEditingAppendingMode) {
    return <Navigate to={paths.memberConfirmList.to(id, next)} replace />;
  }

  if (survey.reservationComplite && survey.completedSurveyId === id && !survey.inEditingAppendingMode) {
    return (
      <PageLayout title={title}>
        <Notice>{messages.alreadySubmitted}</Notice>
        <div className="app-actions">
          <Button
            variant="secondary"
            onClick={() => {
              void dispatch(startNewAnswer());
            }}
          >
            {messages.answerAgain}
          </Button>
          <Link className="city-button city-button--primary" to={paths.confirmList.to(id)}>
            {messages.seeMyAnswers}
          </Link>
        </div>
      </PageLayout>
    );
  }

  const upload = async (files: File[]): Promise<FileRef[]> => {
    const stored: FileRef[] = [];
    for (const file of files) {
      const result = await api.uploadFile(file, file.name);
      if (isApiError(result)) throw new Error(failureOf(result, dispatch).message);
      if (file.type.startsWith('image/')) pickedImages.set(result.data.url, URL.createObjectURL(file));
      stored.push(result.data);
    }
    return stored;
  };
  const notEditable = survey.inEditingAppendingMode ? config.surveySchema.filter((item) => item.isNotEditable).map((item) => item.itemKey) : [];
  // A paid booking's edit keeps its payment only if it buys the same (the server refuses anything
  // else with 409 order_paid, at send): its products are shown, not changeable.
  const paidProducts = survey.inEditingAppendingMode && survey.editingPaidRecord ? config.surveySchema.filter((item) => item.type === 'selectProducts').map((item) => item.itemKey) : [];
  const editedRows = survey.inEditingAppendingMode ? survey.selectedSurveyResults?.rows : undefined;
  // Quick fill only inside LINE, and only on a survey whose settings map items to profile fields.
  // Not while a server-rendered form hydrates: the server, outside LINE, rendered none.
  const offerProfileFill = hydrated && commonProfile !== undefined && hasProfileItems(formConfig.surveySchema);

  const form = (bookings: FormBookings) => (
    // A form the server rendered waits for the app (disabled, drawn as ever: app.css): before
    // it, a tap on 確認する would send the bare HTML form, and what was typed would be lost.
    <fieldset className="app-form-until-live" disabled={!hydrated}>
      {bookings.notices}
      {offerProfileFill ? (
        <Suspense fallback={null}>
          <ProfileFillPanel schema={formConfig.surveySchema} answers={survey.surveyInput} onFill={(answers) => dispatch(answersChanged(answers))} />
        </Suspense>
      ) : null}
      <SurveyForm
        config={formConfig}
        answers={survey.surveyInput}
        onAnswersChange={(answers) => dispatch(answersChanged(answers))}
        onSubmit={(answers) => {
          // The confirm screen shows what will be stored: ０９０ー… becomes 090-…
          void dispatch(submissionPrepared(normalizeAnswers(config.surveySchema, answers)));
          void navigate(flow === 'member' ? paths.memberConfirm.to(id, next) : paths.confirm.to(id));
        }}
        onChooseSlot={(itemKey) => {
          const item = config.surveySchema.find((candidate) => candidate.itemKey === itemKey);
          if (item?.type !== 'reservation') return;
          // The answers so far go with the citizen to the calendar and come back with the slot.
          // The calendar's state comes with the first tap, not with the form: most forms book
          // nothing, and every file the form needs first delays its first paint (docs/adr/0044-first-paint-from-the-html.md).
          const answers = survey.surveyInput;
          void import('../../store/calendar-thunks.js').then(async ({ openCalendar }) => {
            const opened = await dispatch(openCalendar({ surveyId: id, item, answers }));
            if (openCalendar.fulfilled.match(opened)) void navigate(opened.payload);
          });
        }}
        {...(bookings.slotLabel === undefined ? {} : { slotLabel: bookings.slotLabel })}
        upload={upload}
        fileLimits={fileLimits}
        filePreviewUrl={(file) => pickedImages.get(file.url)}
        lockedItemKeys={[...notEditable, ...paidProducts, ...bookings.lockedItemKeys]}
      />
    </fieldset>
  );

  const page = (
    <PageLayout title={title}>
      {config.surveyDescription === undefined || config.surveyDescription === '' ? null : <p className="app-survey-description">{config.surveyDescription}</p>}
      {flow === 'member' ? (
        <Suspense fallback={null}>
          <MemberFormLead config={config} editing={survey.inEditingAppendingMode} next={next} />
        </Suspense>
      ) : null}
      {survey.inEditingAppendingMode && flow !== 'member' ? <Notice>{messages.editingNotice}</Notice> : null}
      {draft.restored ? (
        <Notice title={draftMessages.restored}>
          <p>{draftMessages.restoredDetail}</p>
          <Button variant="secondary" onClick={draft.discard}>
            {draftMessages.discard}
          </Button>
        </Notice>
      ) : null}
      {paidProducts.length > 0 ? (
        <Suspense fallback={null}>
          <PaidItemsLocked />
        </Suspense>
      ) : null}
      {config.surveySchema.some((item) => item.type === 'reservation') ? (
        <Suspense fallback={<ScreenLoading label={messages.surveyLoading} />}>
          <SurveyBookings config={config} answers={survey.surveyInput} editedRows={editedRows}>
            {form}
          </SurveyBookings>
        </Suspense>
      ) : (
        form(NO_BOOKINGS)
      )}
    </PageLayout>
  );
  // Members-only: a citizen who is not a member is led to register first, and back here.
  if (config.requiresMembership === undefined) return page;
  return (
    <Suspense fallback={<ScreenLoading label={messages.surveyLoading} />}>
      <MembersOnlyGate config={config} membershipSurveyId={config.requiresMembership}>
        {page}
      </MembersOnlyGate>
    </Suspense>
  );
}
