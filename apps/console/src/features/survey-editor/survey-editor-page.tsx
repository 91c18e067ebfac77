import type { ItemType } from '@city/survey-core';
import { ITEM_TYPES } from '@city/survey-core';
import { Button, Loading, Notice } from '@city/ui';
import type { MouseEvent } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { formatDateTime } from '../../lib/format.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { StaffTeam, SurveyEditorData } from '../../store/staff-api.js';
import {
  callErrorOf,
  useStaffCalendarCategoriesQuery,
  useStaffCreateSurveyMutation,
  useStaffEditSurveyMutation,
  useStaffSurveyEditorQuery,
  useStaffSurveysQuery,
  useStaffTeamsQuery,
} from '../../store/staff-api.js';
import type { DraftItem, PlacedProblem, SurveyDraft } from './editor-draft.js';
import { configOf, draftItemOf, draftOf, draftProblems, emptyDraft, moved, newItem, nextItemKey, nextProductId, placeProblems, previewConfigOf } from './editor-draft.js';
import { useFocusAfterRender } from '../../components/form-fields.js';
import { ItemEditor, itemFocusKey } from './item-editor.js';
import { SurveyPreview } from './survey-preview.js';
import { BasicSettings, MemberSettings, SearchSettings } from './survey-settings.js';

/** What the editor page is told when it opens: a survey just created says so. */
interface EditorLocationState {
  notice?: string;
}

interface Blocker {
  id: string;
  label: string;
}

/** How the last save went, shown at the top with the focus on it. */
type Outcome =
  | { kind: 'saved'; message: string }
  | { kind: 'problems'; problems: PlacedProblem[] }
  /** 409 answered_item_removed: the staff member confirms, and the save goes again with removeAnsweredItems. */
  | { kind: 'removeAnswered'; message: string; blockers: Blocker[] }
  /** Any other refusal; `stale` when another edit came first (the editor offers to reload). */
  | { kind: 'refused'; message: string; blockers: Blocker[]; stale: boolean };

const ADD_ITEM_TYPE = 'add-item-type';

/** What a save stores, to tell whether anything changed. */
const savedState = (draft: SurveyDraft) => JSON.stringify({ config: configOf(draft), teamIds: [...draft.teamIds].sort(), searchable: draft.searchable });

function BlockerList({ blockers }: { blockers: readonly Blocker[] }) {
  if (blockers.length === 0) return null;
  return (
    <>
      <p className="console-label">{messages.blockersTitle}</p>
      <ul>
        {blockers.map((blocker) => (
          <li key={blocker.id}>{blocker.label}</li>
        ))}
      </ul>
    </>
  );
}

interface OutcomeProps {
  outcome: Outcome;
  items: readonly DraftItem[];
  saving: boolean;
  onConfirmRemove: (itemKeys: string[]) => void;
  onReload: () => void;
}

/** The last save's outcome: what was saved, every problem (items' linked to them), or the refusal. */
function SaveOutcome({ outcome, items, saving, onConfirmRemove, onReload }: OutcomeProps) {
  switch (outcome.kind) {
    case 'saved':
      return <p className="console-saved">{outcome.message}</p>;
    case 'problems': {
      const toItem = (uid: string) => (event: MouseEvent<HTMLAnchorElement>) => {
        // The item's heading takes the focus, without a #fragment in the router's address.
        event.preventDefault();
        document.getElementById(`item-${uid}-heading`)?.focus();
      };
      return (
        <div role="alert">
          <h2>{messages.problemsTitle(outcome.problems.length)}</h2>
          <ul>
            {outcome.problems.map((problem, index) => {
              const position = items.findIndex((entry) => entry.uid === problem.uid);
              const entry = items[position];
              return (
                <li key={index}>
                  {problem.uid === undefined || entry === undefined ? (
                    problem.message
                  ) : (
                    <a href={`#item-${problem.uid}-heading`} onClick={toItem(problem.uid)}>
                      {messages.problemOfItem(messages.itemName(position + 1, entry.item.title), problem.message)}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      );
    }
    case 'removeAnswered':
      return (
        <div role="alert">
          <p>{outcome.message}</p>
          <BlockerList blockers={outcome.blockers} />
          <Button
            variant="danger"
            disabled={saving}
            onClick={() => {
              onConfirmRemove(outcome.blockers.map((blocker) => blocker.id));
            }}
          >
            {messages.removeAnsweredConfirm}
          </Button>
        </div>
      );
    case 'refused':
      return (
        <div role="alert">
          <p>{outcome.message}</p>
          <BlockerList blockers={outcome.blockers} />
          {outcome.stale ? (
            <Button variant="secondary" onClick={onReload}>
              {messages.reload}
            </Button>
          ) : null}
        </div>
      );
  }
}

interface EditorFormProps {
  /** The stored survey; undefined for a new one. */
  view: SurveyEditorData | undefined;
  teams: readonly StaffTeam[];
  /** The teams a new survey starts with. */
  defaultTeamIds: readonly string[];
  initialNotice: string | undefined;
  onReload: () => void;
}

function EditorForm({ view, teams, defaultTeamIds, initialNotice, onReload }: EditorFormProps) {
  const creating = view === undefined;
  const navigate = useNavigate();
  const [opened] = useState<SurveyDraft>(() => (view === undefined ? emptyDraft(defaultTeamIds) : draftOf(view)));
  const [draft, setDraft] = useState(opened);
  // What was last stored: saving it again would only make another version of the same form.
  const [stored, setStored] = useState(() => (creating ? '' : savedState(opened)));
  // The version this edit is made on: the opened one, then each one saved.
  const [baseVersion, setBaseVersion] = useState(view?.version ?? 1);
  const [outcome, setOutcome] = useState<Outcome | undefined>(initialNotice === undefined ? undefined : { kind: 'saved', message: initialNotice });
  // A notice brought along (the survey just created) takes the focus as an outcome does.
  const [outcomeCount, setOutcomeCount] = useState(initialNotice === undefined ? 0 : 1);
  const [addType, setAddType] = useState<ItemType>('text');
  const outcomeRef = useRef<HTMLDivElement>(null);
  const { container, focus } = useFocusAfterRender<HTMLDivElement>();
  const [create, created] = useStaffCreateSurveyMutation();
  const [edit, edited] = useStaffEditSurveyMutation();
  const saving = created.isLoading || edited.isLoading;
  const categories = useStaffCalendarCategoriesQuery(undefined);
  const surveys = useStaffSurveysQuery(undefined);
  const previewConfig = useMemo(() => previewConfigOf(draft), [draft]);
  const records = view?.records ?? 0;
  // Keys answered on some version: a new item never takes one (its column would mix two questions).
  const answeredKeys = view?.answeredItemKeys ?? [];

  // Each outcome takes the focus, so it is read out and seen (the page scrolls to it).
  useEffect(() => {
    if (outcomeCount > 0) outcomeRef.current?.focus();
  }, [outcomeCount]);

  const show = (next: Outcome) => {
    setOutcome(next);
    setOutcomeCount((count) => count + 1);
  };
  const change = (partial: Partial<SurveyDraft>) => {
    setDraft((current) => ({ ...current, ...partial }));
  };
  const setItems = (items: DraftItem[]) => {
    change({ items });
  };

  const save = async (removeAnsweredItems?: string[]) => {
    const config = configOf(draft);
    const local = draftProblems(draft, config);
    if (local.length > 0) {
      show({ kind: 'problems', problems: placeProblems(local, draft.items) });
      return;
    }
    if (savedState(draft) === stored) {
      show({ kind: 'saved', message: messages.surveyUnchanged });
      return;
    }
    const body = { config, teamIds: draft.teamIds, searchable: draft.searchable };
    if (creating) {
      const { data, error } = await create(body);
      if (data !== undefined) void navigate(paths.editSurvey.to(data.surveyId), { state: { notice: messages.surveyCreated } satisfies EditorLocationState });
      else refused(error);
      return;
    }
    const { data, error } = await edit({ surveyId: draft.surveyId, ...body, expectedVersion: baseVersion, ...(removeAnsweredItems === undefined ? {} : { removeAnsweredItems }) });
    if (data === undefined) {
      refused(error);
      return;
    }
    setBaseVersion(data.version);
    setStored(savedState(draft));
    show({ kind: 'saved', message: data.newVersion ? messages.surveySavedAsVersion(data.version) : messages.surveySavedInPlace });
  };
  const refused = (error: unknown) => {
    const failure = callErrorOf(error);
    if (failure?.problems !== undefined && failure.problems.length > 0) {
      show({ kind: 'problems', problems: placeProblems(failure.problems, draft.items) });
      return;
    }
    const blockers = failure?.blockers ?? [];
    const message = failure?.message ?? messages.unexpectedError;
    if (failure?.code === 'answered_item_removed') show({ kind: 'removeAnswered', message, blockers });
    else show({ kind: 'refused', message, blockers, stale: failure?.code === 'survey_changed' });
  };

  const addItem = () => {
    const entry = draftItemOf(newItem(addType, nextItemKey(draft.items, answeredKeys), nextProductId(draft.items)));
    setItems([...draft.items, entry]);
    focus(itemFocusKey(entry.uid, 'title'));
  };
  const itemProblems = (uid: string) => (outcome?.kind === 'problems' ? outcome.problems.filter((problem) => problem.uid === uid).map((problem) => problem.message) : []);

  return (
    <div ref={container} className="console-editor">
      <div className="console-editor__form">
        {outcome === undefined ? null : (
          <div ref={outcomeRef} tabIndex={-1} className={outcome.kind === 'saved' ? 'console-panel console-outcome' : 'console-panel console-outcome console-outcome--problem'}>
            <SaveOutcome
              outcome={outcome}
              items={draft.items}
              saving={saving}
              onConfirmRemove={(itemKeys) => {
                void save(itemKeys);
              }}
              onReload={onReload}
            />
          </div>
        )}
        <BasicSettings draft={draft} onChange={change} creating={creating} records={records} teams={teams} />
        <section className="console-panel" aria-labelledby="items-heading">
          <h2 id="items-heading">{messages.itemsHeading}</h2>
          {draft.items.length === 0 ? <p>{messages.noItems}</p> : null}
          {draft.items.map((entry, index) => (
            <ItemEditor
              key={entry.uid}
              entry={entry}
              position={index + 1}
              count={draft.items.length}
              problems={itemProblems(entry.uid)}
              categories={categories.data?.categories}
              categoriesFailed={categories.isError}
              nextProductId={() => nextProductId(draft.items)}
              onChange={(item) => {
                setItems(draft.items.map((candidate) => (candidate.uid === entry.uid ? { ...candidate, item } : candidate)));
              }}
              onMove={(delta) => {
                setItems(moved(draft.items, index, delta));
                focus(...(delta < 0 ? [itemFocusKey(entry.uid, 'up'), itemFocusKey(entry.uid, 'down')] : [itemFocusKey(entry.uid, 'down'), itemFocusKey(entry.uid, 'up')]));
              }}
              onRemove={() => {
                setItems(draft.items.filter((candidate) => candidate.uid !== entry.uid));
                const neighbour = draft.items[index + 1] ?? draft.items[index - 1];
                focus(...(neighbour === undefined ? [] : [itemFocusKey(neighbour.uid, 'heading')]), ADD_ITEM_TYPE);
              }}
              focus={focus}
            />
          ))}
          <div className="console-add-item">
            <div className="console-field">
              <label className="console-label" htmlFor={ADD_ITEM_TYPE}>
                {messages.addItemType}
              </label>
              <select
                id={ADD_ITEM_TYPE}
                className="city-input"
                data-focus={ADD_ITEM_TYPE}
                value={addType}
                onChange={(event) => {
                  setAddType(event.target.value as ItemType);
                }}
              >
                {ITEM_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {messages.itemTypes[type]}
                  </option>
                ))}
              </select>
            </div>
            <Button variant="secondary" onClick={addItem}>
              {messages.addItem}
            </Button>
          </div>
        </section>
        <SearchSettings draft={draft} onChange={change} />
        <MemberSettings draft={draft} onChange={change} records={records} surveys={surveys.data} />
        {view === undefined || view.versions.length === 0 ? null : (
          <details className="console-panel">
            <summary>{messages.versionsHeading}</summary>
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{messages.versionColumn}</th>
                  <th scope="col">{messages.versionCreatedAt}</th>
                  <th scope="col">{messages.versionCreatedBy}</th>
                  <th scope="col">{messages.versionRecords}</th>
                </tr>
              </thead>
              <tbody>
                {view.versions.map((version) => (
                  <tr key={version.version}>
                    <th scope="row">{messages.versionNumber(version.version)}</th>
                    <td>{formatDateTime(version.createdAt)}</td>
                    <td>{version.createdBy}</td>
                    <td>{messages.countValue(version.records)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        )}
        <div className="console-editor__save">
          <Button
            disabled={saving}
            onClick={() => {
              void save();
            }}
          >
            {saving ? messages.savingSurvey : creating ? messages.createSurveySubmit : messages.saveSurvey}
          </Button>
        </div>
      </div>
      <SurveyPreview config={previewConfig} />
    </div>
  );
}

/**
 * `/new-survey` and `/surveys/:surveyId/edit`: the survey editor (`surveys.edit`), its settings and
 * items on the left and the form as a citizen sees it on the right (below on a tablet).
 */
export function SurveyEditorPage() {
  const { surveyId } = useParams();
  const creating = surveyId === undefined;
  const location = useLocation();
  const session = useAppSelector(selectSession);
  const allowed = mayTake(session, 'surveys.edit');
  const teams = useStaffTeamsQuery(undefined, { skip: !allowed });
  // Fresh each time: another editor may have saved since the list was read.
  const view = useStaffSurveyEditorQuery({ surveyId: surveyId ?? '' }, { skip: creating || !allowed, refetchOnMountOrArgChange: true });
  // Counts reloads asked for: the form starts again from the survey as it now is.
  const [loads, setLoads] = useState(0);
  const title = creating ? messages.editorCreateTitle : messages.editorEditTitle(view.data?.config.surveyTitle ?? surveyId);
  useDocumentTitle(title);

  if (!allowed) {
    return (
      <>
        <h1>{title}</h1>
        <Notice tone="warning">{messages.forbidden}</Notice>
      </>
    );
  }
  const failed = teams.error ?? (callErrorOf(view.error)?.status === 404 ? undefined : view.error);
  if (failed !== undefined) {
    return (
      <CallFailure
        error={failed}
        onRetry={() => {
          void teams.refetch();
          if (!creating) void view.refetch();
        }}
      />
    );
  }
  if (!creating && view.error !== undefined) {
    return (
      <>
        <h1>{messages.notFoundTitle}</h1>
        <Link to={paths.surveys.to()}>{messages.backToSurveys}</Link>
      </>
    );
  }
  if (teams.data === undefined || (!creating && view.data === undefined)) return <Loading label={messages.loading} />;
  const ownTeams = new Set(session?.staff.teams.map((team) => team.teamId));
  const notice = (location.state as EditorLocationState | null)?.notice;
  return (
    <>
      <h1>{title}</h1>
      <p>
        <Link to={paths.surveys.to()}>{messages.backToSurveys}</Link>
      </p>
      {view.data === undefined ? null : (
        <p>{messages.editorSummary(messages.surveyStates[view.data.state], messages.versionNumber(view.data.version), view.data.records)}</p>
      )}
      <EditorForm
        key={`${surveyId ?? ''}:${String(loads)}`}
        view={creating ? undefined : view.data}
        teams={teams.data}
        defaultTeamIds={teams.data.filter((team) => ownTeams.has(team.teamId)).map((team) => team.teamId)}
        initialNotice={loads === 0 ? notice : undefined}
        onReload={() => {
          void view.refetch().then(() => {
            setLoads((count) => count + 1);
          });
        }}
      />
    </>
  );
}
