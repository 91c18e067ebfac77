import type { Answers, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { answersFromRows, readMemberNumber } from '@city/survey-core';
import { Button, Notice, PageLayout, SurveyConfirm, SurveyForm } from '@city/ui';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadFailure } from '../../components/load-failure.js';
import { ScreenLoading } from '../../components/screen-loading.js';
import { nextPathOf, paths } from '../../config/paths.js';
import { messageForScreen } from '../../lib/api-errors.js';
import { memberMessages } from '../../member-messages.js';
import { messages } from '../../messages.js';
import { useGetSurveyConfigQuery } from '../../store/api-slice.js';
import { useAppDispatch, useAppSelector } from '../../store/hooks.js';
import { selectSession } from '../../store/session-slice.js';
import { useClaimRecordMutation, useLookUpRecordMutation } from '../../store/members-api.js';
import { startNewAnswer } from '../../store/survey-thunks.js';

/**
 * The survey with only its look-up items, each required, in the order the configuration names
 * them (a card's number first, then the birthday): what the citizen types to find their record.
 */
function lookUpForm(config: SurveyConfig): SurveyConfig {
  const items = (config.lookupItemKeys ?? []).flatMap((itemKey) => config.surveySchema.filter((item) => item.itemKey === itemKey));
  return { surveyId: config.surveyId, surveySchema: items.map((item) => ({ ...item, required: true, isNotEditable: false })) };
}

/**
 * A member number typed for a membership's look-up, read as core reads it: the number as issued,
 * or why it cannot be one (a wrong check digit is told at once, before a look-up is spent on it).
 */
function typedMemberNumber(config: SurveyConfig, typed: Answers): { ok: true; lookup: Record<string, string> } | { ok: false; problem: string } {
  const lookup = lookUpValues(typed);
  const membership = config.membership;
  const number = membership === undefined ? undefined : lookup[membership.numberItemKey];
  if (membership === undefined || number === undefined) return { ok: true, lookup };
  const read = readMemberNumber(membership.numberFormat, number);
  return read.ok ? { ok: true, lookup: { ...lookup, [membership.numberItemKey]: read.memberNumber } } : { ok: false, problem: read.problem };
}

/** The answers as the server's look-up reads them: one text per item. */
function lookUpValues(answers: Answers): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [itemKey, value] of Object.entries(answers)) if (typeof value === 'string') values[itemKey] = value;
  return values;
}

/**
 * Claiming what staff imported (`/claim/{id}`), for any survey with look-up items: the citizen
 * types them (a paper card's number and their birthday, a course ticket's number), sees the record
 * found, and takes it over to their account. Every miss counts towards the server's daily lockout,
 * whose message is shown as it comes.
 */
export function ClaimPage() {
  const { id = '' } = useParams();
  const [query] = useSearchParams();
  const next = nextPathOf(query);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const configQuery = useGetSurveyConfigQuery(id);
  const config = configQuery.currentData;
  const userId = useAppSelector(selectSession)?.userId;
  const form = useMemo(() => (config === undefined ? undefined : lookUpForm(config)), [config]);
  const [answers, setAnswers] = useState<Answers>({});
  const [found, setFound] = useState<SurveyResultRow[]>();
  const [problem, setProblem] = useState<string>();
  const [lookUp, lookUpState] = useLookUpRecordMutation();
  const [claim, claimState] = useClaimRecordMutation();

  const title = memberMessages.claimTitle;
  if (configQuery.isError) {
    return (
      <PageLayout title={title}>
        <LoadFailure message={messageForScreen(configQuery.error)} onRetry={() => void configQuery.refetch()} />
      </PageLayout>
    );
  }
  if (config === undefined || form === undefined) return <ScreenLoading label={messages.surveyLoading} />;
  if (form.surveySchema.length === 0) {
    return (
      <PageLayout title={title}>
        <Notice>{memberMessages.claimNotAvailable}</Notice>
        <p>
          <Link to={paths.confirmSearchForm.to()}>{memberMessages.toSearchForm}</Link>
        </p>
      </PageLayout>
    );
  }

  const search = async (typed: Answers) => {
    const read = typedMemberNumber(config, typed);
    setProblem(read.ok ? undefined : read.problem);
    if (!read.ok) return;
    const result = await lookUp({ surveyId: id, lookup: read.lookup });
    if (result.data !== undefined) setFound(result.data);
  };
  const take = async (rows: SurveyResultRow[]) => {
    const partitionKey = rows[0]?.partitionKey;
    if (partitionKey === undefined) return;
    const result = await claim({ surveyId: id, partitionKey });
    if (result.error !== undefined) return;
    // Whatever was being answered in this survey before is not what the citizen now holds.
    void dispatch(startNewAnswer());
    void navigate(config.membership === undefined ? paths.confirmList.to(id) : paths.memberConfirmList.to(id, next), { replace: true, state: { claimed: true } });
  };

  return (
    <PageLayout title={title}>
      <p>
        {config.surveyTitle === undefined ? null : <strong>{config.surveyTitle}</strong>}
        <br />
        {config.membership === undefined ? memberMessages.claimLead : memberMessages.claimCardLead(config.membership.name)}
      </p>
      {found === undefined ? (
        <>
          {problem !== undefined ? <Notice tone="error">{problem}</Notice> : null}
          {problem === undefined && lookUpState.isError ? <Notice tone="error">{messageForScreen(lookUpState.error)}</Notice> : null}
          <SurveyForm
            config={form}
            answers={answers}
            onAnswersChange={setAnswers}
            onSubmit={(typed) => void search(typed)}
            submitLabel={lookUpState.isLoading ? memberMessages.searching : memberMessages.search}
          />
        </>
      ) : (
        <>
          <p>{found[0]?.userId === userId ? memberMessages.alreadyYours : memberMessages.foundLead}</p>
          <SurveyConfirm config={config} answers={answersFromRows(config.surveySchema, found)} />
          {claimState.isError ? <Notice tone="error">{messageForScreen(claimState.error)}</Notice> : null}
          <div className="app-actions">
            <Button variant="secondary" onClick={() => {
              setFound(undefined);
            }} disabled={claimState.isLoading}>
              {memberMessages.searchAgain}
            </Button>
            {found[0]?.userId === userId ? (
              // Found their own record: nothing to take over, only to look at.
              <Link className="city-button city-button--primary" to={config.membership === undefined ? paths.confirmList.to(id) : paths.memberConfirmList.to(id, next)}>
                {config.membership === undefined ? memberMessages.seeIt : memberMessages.seeCard}
              </Link>
            ) : (
              <Button onClick={() => void take(found)} disabled={claimState.isLoading} aria-busy={claimState.isLoading}>
                {claimState.isLoading ? memberMessages.claiming : memberMessages.claim}
              </Button>
            )}
          </div>
        </>
      )}
    </PageLayout>
  );
}
