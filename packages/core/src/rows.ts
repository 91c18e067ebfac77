import { answerFor, fileValues, normalizedAnswer, strings, textValues } from './answers.js';
import { assertKeyPart, assertUsableSchema, buildPartitionKey, buildUserSearchKey, KEY_SEPARATOR } from './keys.js';
import type {
  Answers,
  FileRef,
  Order,
  SubmissionPayload,
  SurveyConfig,
  SurveyResultRow,
  SurveySchemaItem,
} from './types.js';
import { DEFAULT_CHECK_STATUS } from './types.js';

/** What {@link buildSurveyResultRows} needs to turn one submission into rows. */
export interface BuildSurveyResultRowsInput {
  /** The survey: its id, schema (row order follows it) and append mode. */
  config: SurveyConfig;
  /** The signed-in citizen. */
  userId: string;
  /** Answers by itemKey; answers for itemKeys not in the schema make no rows. */
  answers: Answers;
  /** The citizen's earlier rows of this survey, when an existing record is being edited. */
  existingResults?: readonly SurveyResultRow[];
  /** Keep the first existing result's partitionKey instead of making a new one. */
  updateExist?: boolean;
  /** Milliseconds used in append-mode partition keys. Default `Date.now()`. */
  now?: number;
  /** The citizen answered inside the LINE app. Default `false`. */
  isLiffMode?: boolean;
}

/** What {@link buildSubmissionPayload} needs: the rows' input, plus what travels beside them. */
export interface BuildSubmissionPayloadInput extends BuildSurveyResultRowsInput {
  /** The record this submission replaces. Derived from `existingResults` when `updateExist` is set. */
  oldPartitionKey?: string;
  /**
   * Products to buy. Default: built from the `selectProducts` answers, each listed product id
   * being one unit (`['p1', 'p1']` is two of p1).
   */
  order?: Order;
  /** Extra data for the server, passed through untouched. */
  subData?: unknown;
}

/**
 * Turns a citizen's answers into the survey-result rows the server stores, following the key
 * formats of the specification (section 3) exactly.
 *
 * Rows follow the schema's order. Every option of a `checkboxes` or `radio` item gets a row, empty
 * unless chosen; other items get a row per answered value; `files` rows carry the files;
 * `selectProducts` and `guide` items make none. The first row's sortKey is its bare itemKey. When
 * nothing at all is answerable, the result is one empty first row.
 *
 * Throws a `TypeError` when the schema itself cannot give unique keys (an itemKey that is empty,
 * contains `#`, or repeats).
 *
 * @example
 * ```ts
 * const rows = buildSurveyResultRows({
 *   config: {
 *     surveyId: 'clinic',
 *     surveySchema: [
 *       { itemKey: 'name', type: 'text', title: 'お名前' },
 *       { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診'] },
 *     ],
 *   },
 *   userId: 'U1',
 *   answers: { name: '山田太郎', visit: '再診' },
 * });
 * rows.map((row) => [row.sortKey, row.userSearchKey]);
 * // [['name', 'name#山田太郎'], ['visit#初診', 'visit#初診#'], ['visit#再診', 'visit#再診']]
 * ```
 */
export function buildSurveyResultRows(input: BuildSurveyResultRowsInput): SurveyResultRow[] {
  const { config, userId, answers } = input;
  const schema = config.surveySchema;
  assertUsableSchema(schema);

  const partitionKey = choosePartitionKey(input);
  const makeRow: MakeRow = (itemKey, sortKeyPart, value, userSearchKey, files) => ({
    userId,
    surveyId: config.surveyId,
    partitionKey,
    sortKey: `${itemKey}${KEY_SEPARATOR}${sortKeyPart}`,
    itemKey,
    value,
    userSearchKey,
    isLiffMode: input.isLiffMode ?? false,
    check: DEFAULT_CHECK_STATUS,
    ...(files === undefined ? {} : { files }),
  });

  const rows: SurveyResultRow[] = [];
  for (const item of schema) {
    rows.push(...rowsForItem(item, normalizedAnswer(item, answerFor(answers, item.itemKey)), makeRow));
  }

  const firstItemKey = schema[0]?.itemKey ?? '';
  const first = rows[0] ?? makeRow(firstItemKey, '', '', `${firstItemKey}${KEY_SEPARATOR}`);
  rows[0] = { ...first, sortKey: first.itemKey };
  return rows;
}

function rowsForItem(
  item: SurveySchemaItem,
  answer: unknown,
  makeRow: MakeRow,
): SurveyResultRow[] {
  const key = item.itemKey;
  const sep = KEY_SEPARATOR;
  switch (item.type) {
    case 'guide':
    case 'selectProducts':
      return [];
    case 'files': {
      const files = fileValues(answer);
      if (files.length === 0) return [];
      const value = files.map((file) => file.name).join(',');
      return [makeRow(key, value, value, buildUserSearchKey(key, value), files)];
    }
    case 'checkboxes':
    case 'radio': {
      const chosen = textValues(answer);
      const options = [...new Set(item.options)];
      // A chosen checkbox keeps its option's pre-created search key and adds the value to it.
      const chosenSearchKey = (value: string) =>
        item.type === 'checkboxes' ? `${key}${sep}${value}${sep}${value}` : buildUserSearchKey(key, value);
      const optionRows = options.map((option) =>
        chosen.includes(option)
          ? makeRow(key, option, option, chosenSearchKey(option))
          : makeRow(key, option, '', `${key}${sep}${option}${sep}`),
      );
      // A value that is not an option (an old option, or free text) is still kept, never dropped.
      const otherRows = chosen
        .filter((value) => !options.includes(value))
        .map((value) => makeRow(key, value, value, chosenSearchKey(value)));
      return [...optionRows, ...otherRows];
    }
    default:
      return textValues(answer).map((value) => makeRow(key, value, value, buildUserSearchKey(key, value)));
  }
}

/** Makes one row of the record: `sortKey` is `itemKey#sortKeyPart`. */
type MakeRow = (
  itemKey: string,
  sortKeyPart: string,
  value: string,
  userSearchKey: string,
  files?: FileRef[],
) => SurveyResultRow;

function choosePartitionKey(input: BuildSurveyResultRowsInput): string {
  const existingKey = input.updateExist ? input.existingResults?.[0]?.partitionKey : undefined;
  if (existingKey !== undefined) return existingKey;
  const { surveyId, isAppending } = input.config;
  assertKeyPart('surveyId', surveyId);
  assertKeyPart('userId', input.userId);
  if (!isAppending?.value) return buildPartitionKey(surveyId, input.userId);
  const now = input.now ?? Date.now();
  if (!Number.isSafeInteger(now) || now < 0) {
    throw new TypeError(`now must be a whole number of milliseconds: ${String(now)}`);
  }
  return buildPartitionKey(surveyId, input.userId, now);
}

/**
 * The order carried by `selectProducts` answers: each listed product id is one unit, so
 * `['p1', 'p1', 'p2']` orders two of p1 and one of p2. Undefined when nothing was chosen.
 * What `buildSubmissionPayload` sends as the payload's `order`; price it with `priceOrder`.
 *
 * @example
 * orderFromAnswers(schema, { fee: ['p1', 'p1'], extras: ['p2'] });
 * // { items: [{ productId: 'p1', quantity: 2 }, { productId: 'p2', quantity: 1 }] }
 */
export function orderFromAnswers(schema: readonly SurveySchemaItem[], answers: Answers): Order | undefined {
  const quantities = new Map<string, number>();
  for (const item of schema) {
    if (item.type !== 'selectProducts') continue;
    for (const productId of strings(answerFor(answers, item.itemKey))) {
      if (productId.trim() !== '') quantities.set(productId, (quantities.get(productId) ?? 0) + 1);
    }
  }
  if (quantities.size === 0) return undefined;
  return { items: [...quantities].map(([productId, quantity]) => ({ productId, quantity })) };
}

/**
 * Builds the body of a submission: the rows in `data`, `order` (given, or built from the
 * `selectProducts` answers), `subData` when given, and
 * `oldPartitionKey` when an earlier record is being replaced (given explicitly, or the first
 * existing result's partitionKey when `updateExist` is set). The server swaps the old record for
 * the new one in one step.
 *
 * @example
 * ```ts
 * const payload = buildSubmissionPayload({
 *   config,
 *   userId: 'U1',
 *   answers: { name: '山田太郎' },
 *   existingResults: previousRows,
 *   updateExist: true,
 * });
 * payload.oldPartitionKey; // previousRows[0].partitionKey
 * ```
 */
export function buildSubmissionPayload(input: BuildSubmissionPayloadInput): SubmissionPayload {
  const data = buildSurveyResultRows(input);
  const oldPartitionKey =
    input.oldPartitionKey ??
    (input.updateExist ? input.existingResults?.[0]?.partitionKey : undefined);
  const order = input.order ?? orderFromAnswers(input.config.surveySchema, input.answers);
  return {
    data,
    ...(input.subData === undefined ? {} : { subData: input.subData }),
    ...(order === undefined ? {} : { order }),
    ...(oldPartitionKey === undefined ? {} : { oldPartitionKey }),
  };
}
