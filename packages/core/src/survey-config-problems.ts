import { surveyConfigMessages as say } from './messages.js';
import type { SurveyConfig, SurveySchemaItem } from './types.js';

/** One thing wrong with a survey configuration: where (`survey`, or the item's key) and what, in Japanese. */
export interface SurveyConfigProblem {
  /** `survey` for the survey's own settings, else the itemKey of the item at fault. */
  at: string;
  message: string;
}

/** Ids and keys are parts of `#`- and `|`-separated keys: letters, digits, `_` and `-` only. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Items whose answer is one line of text a citizen can give to find a record, or a member's name. */
const TEXT_ANSWER_TYPES: ReadonlySet<SurveySchemaItem['type']> = new Set(['text', 'textarea', 'radio', 'dropdown', 'date', 'birthday']);

/**
 * Everything wrong with a survey an editor is about to save, each with a Japanese message saying
 * what to fix (empty: none). Only what the configuration alone can tell: whether a reservation
 * item's category or a required membership exists is for whoever holds those (the server).
 *
 * @example
 * ```ts
 * surveyConfigProblems({ surveyId: 'event', surveyTitle: '', surveySchema: [] });
 * // [{ at: 'survey', message: 'フォームのタイトルを入力してください' }]
 * ```
 */
export function surveyConfigProblems(config: SurveyConfig): SurveyConfigProblem[] {
  const problems: SurveyConfigProblem[] = [];
  const add = (at: string, message: string) => problems.push({ at, message });
  if (!KEY_PATTERN.test(config.surveyId)) add('survey', say.surveyId);
  if ((config.surveyTitle ?? '').trim() === '') add('survey', say.surveyTitle);

  const seenKeys = new Set<string>();
  const seenProducts = new Set<string>();
  const seenProfileFields = new Set<string>();
  for (const item of config.surveySchema) {
    const at = item.itemKey;
    // One item a profile field: the citizen's LINE profile fills it once.
    if ((item.type === 'text' || item.type === 'birthday') && item.profileField !== undefined) {
      if (seenProfileFields.has(item.profileField)) add(at, say.duplicateProfileField(item.title));
      seenProfileFields.add(item.profileField);
    }
    if (!KEY_PATTERN.test(item.itemKey)) add(at, say.itemKey(item.itemKey));
    else if (seenKeys.has(item.itemKey)) add(at, say.duplicateItemKey(item.itemKey));
    seenKeys.add(item.itemKey);
    if (item.type !== 'guide' && item.title.trim() === '') add(at, say.itemTitle(item.itemKey));
    if (item.type === 'guide' && item.title.trim() === '' && (item.description ?? '').trim() === '') add(at, say.guideText);
    switch (item.type) {
      case 'text':
      case 'textarea':
        if (item.minLength !== undefined && item.maxLength !== undefined && item.minLength > item.maxLength) add(at, say.lengthRange(item.title));
        break;
      case 'radio':
      case 'dropdown':
      case 'checkboxes': {
        if (item.options.length === 0) add(at, say.noOptions(item.title));
        if (item.options.some((option) => option.trim() === '')) add(at, say.emptyOption(item.title));
        const twice = item.options.find((option, index) => item.options.indexOf(option) !== index);
        if (twice !== undefined) add(at, say.duplicateOption(item.title, twice));
        if (item.type === 'checkboxes') {
          const { minChoices: min, maxChoices: max } = item;
          if ((min !== undefined && max !== undefined && min > max) || (max !== undefined && max > item.options.length) || (min !== undefined && min > item.options.length)) {
            add(at, say.choiceRange(item.title));
          }
        }
        break;
      }
      case 'selectProducts':
        if (item.products.length === 0) add(at, say.noProducts(item.title));
        for (const product of item.products) {
          if (!KEY_PATTERN.test(product.productId)) add(at, say.productId(product.productId));
          else if (seenProducts.has(product.productId)) add(at, say.duplicateProductId(product.productId));
          seenProducts.add(product.productId);
          if (product.name.trim() === '') add(at, say.productName(product.productId));
          if (!Number.isInteger(product.unitPrice) || product.unitPrice < 1) add(at, say.productPrice(product.name || product.productId));
        }
        break;
      case 'reservation':
        if (item.categoryId === undefined || item.categoryId === '') add(at, say.reservationCategory(item.title));
        break;
      default:
        break;
    }
  }

  const itemOf = (itemKey: string) => config.surveySchema.find((item) => item.itemKey === itemKey);
  for (const itemKey of config.lookupItemKeys ?? []) {
    const item = itemOf(itemKey);
    if (item === undefined || !TEXT_ANSWER_TYPES.has(item.type)) add('survey', say.lookupItem(itemKey));
  }
  for (const itemKey of config.indexItemKeys ?? []) {
    const item = itemOf(itemKey);
    if (item === undefined || item.type === 'guide') add('survey', say.indexItem(itemKey));
  }
  if (config.membership !== undefined) {
    const { membership } = config;
    if (membership.name.trim() === '') add('survey', say.membershipName);
    if (config.isAppending?.value === true) add('survey', say.membershipAppending);
    if (itemOf(membership.numberItemKey)?.type !== 'text') add('survey', say.membershipNumberItem);
    if (membership.nameItemKeys.length === 0 || membership.nameItemKeys.some((itemKey) => !TEXT_ANSWER_TYPES.has(itemOf(itemKey)?.type ?? 'guide'))) {
      add('survey', say.membershipNameItems);
    }
  }
  if (config.requiresMembership !== undefined && config.requiresMembership === config.surveyId) add('survey', say.requiresItself);
  return problems;
}
