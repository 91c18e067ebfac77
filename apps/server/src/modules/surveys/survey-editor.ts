// What staff do to a survey's configuration: create, edit, copy, publish, close, delete. Editing a
// survey that has answers makes a new version (records keep the one they were answered on); a
// change that would leave answers without their item, or read them as another type, is refused
// unless the editor said so explicitly. The demo data is made through these same functions.
import type { SurveyConfig, SurveyConfigProblem, SurveySchemaItem } from '@city/survey-core';
import { surveyConfigProblems } from '@city/survey-core';
import type { Actor, StaffActor } from '../../access/actor.js';
import { actorName } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import type { Store } from '../../db/store.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import type { AuditRepository } from '../audit/audit-repository.js';
import type { CalendarRepository } from '../calendars/calendar-repository.js';
import type { OrderRepository } from '../orders/order-repository.js';
import type { StaffRepository } from '../staff/staff-repository.js';
import type { StoredSurvey, SurveyRepository, SurveyState } from './survey-repository.js';
import { editableConfigOf, requireSurvey, requireSurveyOfActor } from './surveys.js';

export interface SurveyEditorRepositories {
  surveys: SurveyRepository;
  orders: Pick<OrderRepository, 'productIdsOrdered'>;
  calendars: Pick<CalendarRepository, 'findCategory'>;
  staff: Pick<StaffRepository, 'teams'>;
  audit: AuditRepository;
}

export interface SurveyEditorDeps {
  store: Store<SurveyEditorRepositories>;
  now: () => number;
}

/** What the editor saves: the configuration and the settings kept beside it. */
export interface SurveyDraft {
  config: SurveyConfig;
  /** The teams that own it: their staff see its records. */
  teamIds: readonly string[];
  /** Citizens find their records in it on the search form (照会). */
  searchable: boolean;
}

/**
 * 400 `invalid_survey` with every problem, each in Japanese, when the draft cannot be saved. What
 * the configuration names elsewhere (a reservation item's category, the membership it requires,
 * its teams) must exist when staff save it; a system job (the demo, a configuration file) may
 * name categories and teams that come after it, as a test database has none.
 */
async function requireValidDraft(repositories: SurveyEditorRepositories, actor: Actor, draft: SurveyDraft, teamsBefore: readonly string[] = []): Promise<void> {
  const problems: SurveyConfigProblem[] = surveyConfigProblems(draft.config);
  if (actor.kind === 'staff') problems.push(...(await referenceProblems(repositories, actor, draft, teamsBefore)));
  if (problems.length > 0) throw new HttpError(400, 'invalid_survey', messages.surveyEditor.invalid(problems.length), { problems });
}

async function referenceProblems(repositories: SurveyEditorRepositories, actor: StaffActor, draft: SurveyDraft, teamsBefore: readonly string[]): Promise<SurveyConfigProblem[]> {
  const problems: SurveyConfigProblem[] = [];
  for (const item of draft.config.surveySchema) {
    // A category of any level: a higher one (大分類, 中分類) lets the citizen pick below it.
    if (item.type === 'reservation' && item.categoryId !== undefined && item.categoryId !== '' && (await repositories.calendars.findCategory(item.categoryId)) === undefined) {
      problems.push({ at: item.itemKey, message: messages.surveyEditor.unknownCategory(item.title) });
    }
  }
  const required = draft.config.requiresMembership;
  if (required !== undefined && required !== draft.config.surveyId && (await repositories.surveys.find(required))?.config.membership === undefined) {
    problems.push({ at: 'survey', message: messages.surveyEditor.unknownMembership });
  }
  if (draft.teamIds.length === 0) problems.push({ at: 'survey', message: messages.surveyEditor.noTeam });
  const known = new Set((await repositories.staff.teams()).map((team) => team.teamId));
  for (const teamId of draft.teamIds) {
    if (!known.has(teamId)) problems.push({ at: 'survey', message: messages.surveyEditor.unknownTeam(teamId) });
    // A staff member gives a survey only to their own teams (an administrator, to any); the teams
    // it has already stay, whoever edits it.
    else if (actor.role !== 'administrator' && !actor.teamIds.includes(teamId) && !teamsBefore.includes(teamId)) {
      problems.push({ at: 'survey', message: messages.surveyEditor.notYourTeam(teamId) });
    }
  }
  return problems;
}

/** What an edit changes, item by item, for the audit log and for the refusals. */
export interface SurveyChanges {
  added: string[];
  removed: string[];
  changed: string[];
  /** Items whose type changes. */
  retyped: string[];
  settings: string[];
}

const SETTINGS: readonly (keyof SurveyConfig)[] = ['surveyTitle', 'surveyDescription', 'isAppending', 'membership', 'requiresMembership', 'lookupItemKeys', 'indexItemKeys'];

export function changesBetween(before: SurveyConfig, after: SurveyConfig): SurveyChanges {
  const beforeItems = new Map(before.surveySchema.map((item) => [item.itemKey, item]));
  const afterItems = new Map(after.surveySchema.map((item) => [item.itemKey, item]));
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const keys = (items: readonly SurveySchemaItem[]) => items.map((item) => item.itemKey);
  return {
    added: keys(after.surveySchema).filter((key) => !beforeItems.has(key)),
    removed: keys(before.surveySchema).filter((key) => !afterItems.has(key)),
    changed: keys(after.surveySchema).filter((key) => beforeItems.has(key) && !same(beforeItems.get(key), afterItems.get(key))),
    retyped: keys(after.surveySchema).filter((key) => beforeItems.has(key) && beforeItems.get(key)?.type !== afterItems.get(key)?.type),
    settings: [
      ...SETTINGS.filter((setting) => !same(before[setting], after[setting])),
      ...(same(keys(before.surveySchema).filter((key) => afterItems.has(key)), keys(after.surveySchema).filter((key) => beforeItems.has(key))) ? [] : ['order']),
    ],
  };
}

/**
 * The items holding an answer on some record: result rows, and product items whose products an
 * order holds (products travel as orders, never as rows).
 */
export async function answeredItemsOf({ surveys, orders }: Pick<SurveyEditorRepositories, 'surveys' | 'orders'>, config: SurveyConfig): Promise<Set<string>> {
  const answered = await surveys.answeredItemKeys(config.surveyId);
  const ordered = await orders.productIdsOrdered(config.surveyId);
  for (const item of config.surveySchema) {
    if (item.type === 'selectProducts' && item.products.some((product) => ordered.has(product.productId))) answered.add(item.itemKey);
  }
  return answered;
}

/** Blockers naming items as the editor shows them: 「利用の頻度」 (often). */
const itemsNamed = (config: SurveyConfig, itemKeys: readonly string[]) =>
  itemKeys.map((itemKey) => ({ id: itemKey, label: config.surveySchema.find((item) => item.itemKey === itemKey)?.title ?? itemKey }));

/** Creates a survey as a draft, version 1; 409 `survey_exists` for an id in use. */
export async function createSurvey(deps: SurveyEditorDeps, actor: Actor, draft: SurveyDraft): Promise<{ surveyId: string; version: number }> {
  requireRole(actor, 'surveys.edit');
  return deps.store.transaction(async (repositories) => {
    const { surveys, audit } = repositories;
    await requireValidDraft(repositories, actor, draft);
    const { surveyId } = draft.config;
    if ((await surveys.find(surveyId)) !== undefined) throw new HttpError(409, 'survey_exists', messages.surveyEditor.surveyExists(surveyId));
    const now = deps.now();
    await surveys.save(storedOf(draft, 1, 'draft'), actorName(actor), now);
    await surveys.setTeams(surveyId, draft.teamIds);
    await appendAudit(audit, actor, { action: 'survey.create', target: `survey:${surveyId}`, detail: { title: draft.config.surveyTitle ?? '', teamIds: draft.teamIds } }, now);
    return { surveyId, version: 1 };
  });
}

const storedOf = (draft: SurveyDraft, version: number, state: SurveyState): StoredSurvey => ({
  config: draft.config,
  lookupItemKeys: [...(draft.config.lookupItemKeys ?? [])],
  searchable: draft.searchable,
  version,
  state,
});

/**
 * Saves an edit made on `expectedVersion` (409 `survey_changed` when another edit came first).
 * While no record was answered on the current version it is replaced; otherwise the edit is a new
 * version. Refused (409, nothing written), with the items that block it:
 * - `answered_item_retyped`: an item with answers would change type (its answers would be read
 *   as another kind); add a new item instead.
 * - `answered_item_removed`: an item with answers would go, unless listed in `removeAnsweredItems`
 *   (the editor's explicit choice; the records keep them, read with their own version).
 * - `mode_change_with_records` / `membership_change_with_records`: append mode or the membership
 *   settings would change under records made with the old ones.
 */
export async function editSurvey(
  deps: SurveyEditorDeps,
  actor: Actor,
  surveyId: string,
  edit: SurveyDraft & { expectedVersion: number; removeAnsweredItems?: readonly string[] | undefined },
): Promise<{ version: number; newVersion: boolean }> {
  requireRole(actor, 'surveys.edit');
  return deps.store.transaction(async (repositories) => {
    const { surveys, audit } = repositories;
    await requireSurveyOfActor(surveys, actor, surveyId);
    const stored = await requireSurvey(surveys, surveyId);
    // Compared with what the editor was shown: the look-up items kept beside the configuration included.
    const current = { ...stored, config: editableConfigOf(stored) };
    const teamsBefore = await surveys.teamsOf(surveyId);
    // Another team's hold on a shared survey is not a non-administrator's to remove.
    const teamIds = actor.kind === 'staff' && actor.role !== 'administrator' ? [...new Set([...edit.teamIds, ...teamsBefore.filter((teamId) => !actor.teamIds.includes(teamId))])] : [...edit.teamIds];
    edit = { ...edit, teamIds };
    if (edit.config.surveyId !== surveyId) throw new HttpError(400, 'invalid_survey', messages.surveyEditor.idChanged, { problems: [{ at: 'survey', message: messages.surveyEditor.idChanged }] });
    if (edit.expectedVersion !== current.version) throw new HttpError(409, 'survey_changed', messages.surveyEditor.surveyChanged);
    await requireValidDraft(repositories, actor, edit, teamsBefore);
    const changes = changesBetween(current.config, edit.config);
    const sameTeams = JSON.stringify(teamsBefore) === JSON.stringify([...new Set(edit.teamIds)].sort());
    // Nothing changed: no new version of an identical form, no audit entry.
    if (Object.values<string[]>({ ...changes }).every((list) => list.length === 0) && sameTeams && current.searchable === edit.searchable) return { version: current.version, newVersion: false };
    const records = await surveys.countRecords(surveyId);
    if (records > 0) {
      const answered = await answeredItemsOf(repositories, current.config);
      const retyped = changes.retyped.filter((key) => answered.has(key));
      if (retyped.length > 0) {
        const blockers = itemsNamed(current.config, retyped);
        throw new HttpError(409, 'answered_item_retyped', messages.surveyEditor.answeredItemRetyped(blockers.map((blocker) => blocker.label)), { blockers });
      }
      const confirmed = new Set(edit.removeAnsweredItems ?? []);
      const removed = changes.removed.filter((key) => answered.has(key) && !confirmed.has(key));
      if (removed.length > 0) {
        const blockers = itemsNamed(current.config, removed);
        throw new HttpError(409, 'answered_item_removed', messages.surveyEditor.answeredItemRemoved(blockers.map((blocker) => blocker.label)), { blockers });
      }
      if ((current.config.isAppending?.value === true) !== (edit.config.isAppending?.value === true)) {
        throw new HttpError(409, 'mode_change_with_records', messages.surveyEditor.modeChange(records), { blockers: [{ id: 'isAppending', label: messages.surveyEditor.modeLabel }] });
      }
      if (JSON.stringify(current.config.membership) !== JSON.stringify(edit.config.membership)) {
        throw new HttpError(409, 'membership_change_with_records', messages.surveyEditor.membershipChange(records), { blockers: [{ id: 'membership', label: messages.surveyEditor.membershipLabel }] });
      }
    }
    const newVersion = (await surveys.countRecords(surveyId, current.version)) > 0;
    const version = newVersion ? current.version + 1 : current.version;
    const now = deps.now();
    await surveys.save(storedOf(edit, version, current.state), actorName(actor), now);
    await surveys.setTeams(surveyId, edit.teamIds);
    const detail = {
      version: { from: current.version, to: version },
      ...changes,
      ...(sameTeams ? {} : { teamIds: { from: teamsBefore, to: edit.teamIds } }),
      ...(current.searchable === edit.searchable ? {} : { searchable: { from: current.searchable, to: edit.searchable } }),
    };
    await appendAudit(audit, actor, { action: 'survey.edit', target: `survey:${surveyId}`, detail }, now);
    return { version, newVersion };
  });
}

/** A new draft with the survey's current configuration under another id and title. */
export async function copySurvey(deps: SurveyEditorDeps, actor: Actor, surveyId: string, copy: { surveyId: string; surveyTitle: string; teamIds: readonly string[] }): Promise<{ surveyId: string; version: number }> {
  requireRole(actor, 'surveys.edit');
  const source = await deps.store.transaction(async ({ surveys }) => {
    await requireSurveyOfActor(surveys, actor, surveyId);
    return requireSurvey(surveys, surveyId);
  });
  return createSurvey(deps, actor, { config: { ...editableConfigOf(source), surveyId: copy.surveyId, surveyTitle: copy.surveyTitle }, teamIds: copy.teamIds, searchable: source.searchable });
}

/**
 * Publishes (citizens answer it), closes (no new answers; records stay, citizens still see and
 * cancel theirs) or reopens a survey. A survey goes back to a draft only while it has no records.
 */
export async function setSurveyState(deps: SurveyEditorDeps, actor: Actor, surveyId: string, state: SurveyState): Promise<void> {
  requireRole(actor, 'surveys.edit');
  await deps.store.transaction(async ({ surveys, audit }) => {
    await requireSurveyOfActor(surveys, actor, surveyId);
    const current = await requireSurvey(surveys, surveyId);
    if (current.state === state) return;
    if (state === 'draft' && (await surveys.countRecords(surveyId)) > 0) {
      throw new HttpError(409, 'survey_has_records', messages.surveyEditor.backToDraftWithRecords(await surveys.countRecords(surveyId)));
    }
    const now = deps.now();
    await surveys.setState(surveyId, state, now);
    await appendAudit(audit, actor, { action: 'survey.state', target: `survey:${surveyId}`, detail: { state: { from: current.state, to: state } } }, now);
  });
}

/** Deletes a survey that has no records (409 `survey_has_records` otherwise: close it instead). */
export async function deleteSurvey(deps: SurveyEditorDeps, actor: Actor, surveyId: string): Promise<void> {
  requireRole(actor, 'surveys.edit');
  await deps.store.transaction(async ({ surveys, audit }) => {
    await requireSurveyOfActor(surveys, actor, surveyId);
    const current = await requireSurvey(surveys, surveyId);
    const records = await surveys.countRecords(surveyId);
    if (records > 0) throw new HttpError(409, 'survey_has_records', messages.surveyEditor.hasRecords(records));
    const now = deps.now();
    await surveys.delete(surveyId);
    await appendAudit(audit, actor, { action: 'survey.delete', target: `survey:${surveyId}`, detail: { title: current.config.surveyTitle ?? '', version: current.version } }, now);
  });
}
