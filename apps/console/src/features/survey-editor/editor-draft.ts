// The survey being edited, as the editor holds it, and the SurveyConfig it saves. Items carry an id
// of their own (uid) besides their itemKey: the key is edited like any field, and the settings
// that name items (look-up and index keys, the membership's items) follow the item, not its key.
import type { ItemType, MembershipSettings, Product, SurveyConfig, SurveySchemaItem } from '@city/survey-core';
import { surveyConfigProblems } from '@city/survey-core';
import { messages } from '../../messages.js';

export interface DraftItem {
  uid: string;
  item: SurveySchemaItem;
  /** Some record answers it (the server's answeredItemKeys as the editor opened): its type and key stay. */
  answered: boolean;
}

export interface MembershipDraft {
  name: string;
  prefix: string;
  digits: number | undefined;
  numberItemUid: string;
  nameItemUids: string[];
}

export interface SurveyDraft {
  /** The configuration as it was opened: what the editor does not show (cancelPost) goes back as it was. */
  base: SurveyConfig | undefined;
  surveyId: string;
  title: string;
  description: string;
  appending: boolean;
  items: DraftItem[];
  teamIds: string[];
  searchable: boolean;
  lookupUids: string[];
  indexUids: string[];
  /** The member survey whose members alone may answer; '' for anyone. */
  requiresMembership: string;
  membership: MembershipDraft | undefined;
}

/** A survey problem placed where the editor shows it: on an item (uid) or at the top (undefined). */
export interface PlacedProblem {
  uid: string | undefined;
  message: string;
}

let lastUid = 0;
const newUid = () => {
  lastUid += 1;
  return `u${String(lastUid)}`;
};

/** A new item of the draft (never answered: no record has seen it). */
export const draftItemOf = (item: SurveySchemaItem): DraftItem => ({ uid: newUid(), item, answered: false });

/** The item types whose one-line answer can find a record or make a member's name (core's TEXT_ANSWER_TYPES). */
export const TEXT_ANSWER_TYPES: ReadonlySet<ItemType> = new Set(['text', 'textarea', 'radio', 'dropdown', 'date', 'birthday']);
const CHOICE_TYPES: ReadonlySet<ItemType> = new Set(['radio', 'checkboxes', 'dropdown']);
/** A new membership's numbers, as the demo library card's: 7 digits and a check digit. */
const DEFAULT_DIGITS = 7;

/** A new survey: no items, owned by the given teams, in update mode. */
export function emptyDraft(teamIds: readonly string[]): SurveyDraft {
  return {
    base: undefined,
    surveyId: '',
    title: '',
    description: '',
    appending: false,
    items: [],
    teamIds: [...teamIds],
    searchable: false,
    lookupUids: [],
    indexUids: [],
    requiresMembership: '',
    membership: undefined,
  };
}

/** The draft of a stored survey, as the editor view gives it. */
export function draftOf(view: { config: SurveyConfig; teamIds: readonly string[]; searchable: boolean; answeredItemKeys: readonly string[] }): SurveyDraft {
  const { config } = view;
  const answered = new Set(view.answeredItemKeys);
  const items = config.surveySchema.map((item) => ({ uid: newUid(), item, answered: answered.has(item.itemKey) }));
  const uidsOf = (itemKeys: readonly string[] | undefined) => (itemKeys ?? []).flatMap((itemKey) => items.find((entry) => entry.item.itemKey === itemKey)?.uid ?? []);
  const { membership } = config;
  return {
    base: config,
    surveyId: config.surveyId,
    title: config.surveyTitle ?? '',
    description: config.surveyDescription ?? '',
    appending: config.isAppending?.value === true,
    items,
    teamIds: [...view.teamIds],
    searchable: view.searchable,
    lookupUids: uidsOf(config.lookupItemKeys),
    indexUids: uidsOf(config.indexItemKeys),
    requiresMembership: config.requiresMembership ?? '',
    membership:
      membership === undefined
        ? undefined
        : {
            name: membership.name,
            prefix: membership.numberFormat.prefix,
            digits: membership.numberFormat.digits,
            numberItemUid: uidsOf([membership.numberItemKey])[0] ?? '',
            nameItemUids: uidsOf(membership.nameItemKeys),
          },
  };
}

/** A new membership's settings (the first text item holds the number until staff choose). */
export function newMembership(items: readonly DraftItem[]): MembershipDraft {
  return { name: '', prefix: '', digits: DEFAULT_DIGITS, numberItemUid: items.find((entry) => entry.item.type === 'text')?.uid ?? '', nameItemUids: [] };
}

/** `item1`, `item2`…: the first not used by an item nor by answers of earlier versions (their column would mix). */
export function nextItemKey(items: readonly DraftItem[], reserved: Iterable<string> = []): string {
  const used = new Set([...items.map((entry) => entry.item.itemKey), ...reserved]);
  let position = 1;
  while (used.has(`item${String(position)}`)) position += 1;
  return `item${String(position)}`;
}

/** `product1`, `product2`…: product ids are unique across the whole survey. */
export function nextProductId(items: readonly DraftItem[]): string {
  const used = new Set(items.flatMap((entry) => (entry.item.type === 'selectProducts' ? entry.item.products.map((product) => product.productId) : [])));
  let position = 1;
  while (used.has(`product${String(position)}`)) position += 1;
  return `product${String(position)}`;
}

/** A new product: its price left for staff to fill in (the problems ask for it). */
export const newProduct = (productId: string): Product => ({ productId, name: '', unitPrice: 0 });

/** A new item of the type, with what that type needs (an empty option, a product) to be filled in. */
export function newItem(type: ItemType, itemKey: string, productId: string): SurveySchemaItem {
  const base = { itemKey, title: '' };
  switch (type) {
    case 'radio':
    case 'checkboxes':
    case 'dropdown':
      return { ...base, type, options: [''] };
    case 'selectProducts':
      return { ...base, type, products: [newProduct(productId)] };
    default:
      return { ...base, type };
  }
}

/** The item as another type: its key, title, description and flags kept, and its options among choice types. */
export function retyped(item: SurveySchemaItem, type: ItemType, productId: string): SurveySchemaItem {
  const fresh = newItem(type, item.itemKey, productId);
  const kept = {
    title: item.title,
    ...(item.description === undefined ? {} : { description: item.description }),
    // A guide is never answered, so never required.
    ...(item.required === true && type !== 'guide' ? { required: true } : {}),
    ...(item.isAdminItem === true ? { isAdminItem: true } : {}),
    ...(item.isNotEditable === true ? { isNotEditable: true } : {}),
  };
  const options = 'options' in item && CHOICE_TYPES.has(type) ? { options: item.options } : {};
  return { ...fresh, ...kept, ...options };
}

/** The object with `field` set to `value`, or without the field for undefined. */
export function withValue<Shape extends object>(object: Shape, field: string, value: unknown): Shape {
  const rest = Object.fromEntries(Object.entries(object).filter(([key]) => key !== field));
  return (value === undefined ? rest : { ...rest, [field]: value }) as Shape;
}

/** The fields every item has, whatever their value. */
const ALWAYS = new Set(['itemKey', 'title', 'type', 'options', 'products']);

/**
 * The item with one field set; an empty or false value removes an optional field, so an item
 * saved unchanged reads as unchanged (the server compares items to tell what an edit changed).
 */
export function withField(item: SurveySchemaItem, field: string, value: unknown): SurveySchemaItem {
  return withValue(item, field, !ALWAYS.has(field) && (value === false || value === '') ? undefined : value);
}

/** The list with the entry at `index` moved by `delta` places (unchanged past either end). */
export function moved<Entry>(list: readonly Entry[], index: number, delta: number): Entry[] {
  const target = index + delta;
  const entry = list[index];
  if (entry === undefined || target < 0 || target >= list.length) return [...list];
  const rest = list.filter((_entry, position) => position !== index);
  rest.splice(target, 0, entry);
  return rest;
}

/** The configuration the draft saves. */
export function configOf(draft: SurveyDraft): SurveyConfig {
  const keyOf = new Map(draft.items.map((entry) => [entry.uid, entry.item.itemKey]));
  // In the order stored, then ticked (a card's name is family name first; index keys are columns in
  // this order), without items since removed.
  const keysOf = (uids: readonly string[]) => uids.flatMap((uid) => keyOf.get(uid) ?? []);
  const { base } = draft;
  let config: SurveyConfig = { ...base, surveyId: draft.surveyId, surveyTitle: draft.title, surveySchema: draft.items.map((entry) => entry.item) };
  const set = (field: keyof SurveyConfig, value: unknown) => {
    config = withValue(config, field, value);
  };
  set('surveyDescription', draft.description.trim() === '' ? undefined : draft.description);
  // Update mode is stored as it came (absent or { value: false }).
  set('isAppending', draft.appending ? { value: true } : base?.isAppending?.value === false ? { value: false } : undefined);
  set('requiresMembership', draft.requiresMembership === '' ? undefined : draft.requiresMembership);
  const lookup = keysOf(draft.lookupUids);
  set('lookupItemKeys', lookup.length === 0 ? undefined : lookup);
  const index = keysOf(draft.indexUids);
  set('indexItemKeys', index.length === 0 ? undefined : index);
  const { membership } = draft;
  set(
    'membership',
    membership === undefined
      ? undefined
      : ({
          name: membership.name,
          numberFormat: { prefix: membership.prefix, digits: membership.digits ?? 0 },
          numberItemKey: keyOf.get(membership.numberItemUid) ?? '',
          nameItemKeys: keysOf(membership.nameItemUids),
        } satisfies MembershipSettings),
  );
  return config;
}

const within = (value: number | undefined, min: number, max: number) => value === undefined || (Number.isInteger(value) && value >= min && value <= max);

/**
 * What stops the draft from being saved, as far as the console can tell (core's surveyConfigProblems,
 * the same Japanese messages the server gives, and what the API's schema would refuse without
 * naming the item). The server says the rest: unknown categories, teams, a stale edit.
 */
export function draftProblems(draft: SurveyDraft, config: SurveyConfig = configOf(draft)): { at: string; message: string }[] {
  const problems = surveyConfigProblems(config);
  if (draft.teamIds.length === 0) problems.push({ at: 'survey', message: messages.noTeamProblem });
  for (const { item } of draft.items) {
    if (item.type === 'selectProducts' && item.products.some((product) => !within(product.maxQuantity, 1, 1000))) {
      problems.push({ at: item.itemKey, message: messages.rangeProblem(messages.productMaxQuantity, 1, 1000) });
    }
    if (item.type === 'reservation' && !within(item.cost, 1, 1000)) problems.push({ at: item.itemKey, message: messages.rangeProblem(messages.reservationCost, 1, 1000) });
  }
  if (draft.membership !== undefined) {
    if (!/^[A-Z]{0,4}$/.test(draft.membership.prefix)) problems.push({ at: 'survey', message: messages.membershipPrefixProblem });
    if (draft.membership.digits === undefined || !within(draft.membership.digits, 4, 10)) problems.push({ at: 'survey', message: messages.membershipDigitsProblem });
  }
  return problems;
}

/** Each problem on the item it names (every item with that key), or at the top for `survey` or a key no item has. */
export function placeProblems(problems: readonly { at: string; message: string }[], items: readonly DraftItem[]): PlacedProblem[] {
  return problems.flatMap(({ at, message }): PlacedProblem[] => {
    const named = at === 'survey' ? [] : items.filter((entry) => entry.item.itemKey === at);
    return named.length === 0 ? [{ uid: undefined, message }] : named.map((entry) => ({ uid: entry.uid, message }));
  });
}

const unique = <Value>(values: readonly Value[]) => [...new Set(values)];

/**
 * The survey as the preview shows it: each item keyed by its uid (the preview's answers stay with
 * the item while its key is edited, and two items never share a key), without the empty or
 * repeated options and products the server would refuse (a form never shows them).
 */
export function previewConfigOf(draft: SurveyDraft): SurveyConfig {
  // With its type: an item given another type starts unanswered, as a new one would.
  const previewKeys = new Map(draft.items.map(({ uid, item }) => [uid, `${uid}-${item.type}`]));
  const previewKey = (uid: string) => previewKeys.get(uid) ?? uid;
  const surveySchema = draft.items.map(({ uid, item }): SurveySchemaItem => {
    const shown = { ...item, itemKey: previewKey(uid) };
    if (shown.type === 'radio' || shown.type === 'checkboxes' || shown.type === 'dropdown') return { ...shown, options: unique(shown.options.filter((option) => option.trim() !== '')) };
    if (shown.type === 'selectProducts') {
      const ids = unique(shown.products.map((product) => product.productId).filter((productId) => productId !== ''));
      return { ...shown, products: ids.flatMap((productId) => shown.products.find((product) => product.productId === productId) ?? []) };
    }
    return shown;
  });
  const { membership } = draft;
  return {
    surveyId: draft.surveyId === '' ? 'preview' : draft.surveyId,
    surveyTitle: draft.title,
    surveySchema,
    ...(draft.appending ? { isAppending: { value: true } } : {}),
    ...(draft.requiresMembership === '' ? {} : { requiresMembership: draft.requiresMembership }),
    ...(membership === undefined
      ? {}
      : {
          membership: {
            name: membership.name,
            numberFormat: { prefix: membership.prefix, digits: membership.digits ?? DEFAULT_DIGITS },
            numberItemKey: previewKey(membership.numberItemUid),
            nameItemKeys: membership.nameItemUids.map(previewKey),
          },
        }),
  };
}
