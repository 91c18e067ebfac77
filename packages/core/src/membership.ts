import type { SurveyConfig } from './types.js';

const registrationForms = new WeakMap<SurveyConfig, SurveyConfig>();

/**
 * A member survey as the citizen fills it in: without its member number item, which only the
 * server answers (a number sent by a client is ignored). Any other survey is returned as it is.
 * Made once per configuration object, so a form re-rendering keeps the same one.
 *
 * @example
 * ```ts
 * registrationForm(libraryCard).surveySchema.some((item) => item.itemKey === 'memberNumber'); // false
 * ```
 */
export function registrationForm(config: SurveyConfig): SurveyConfig {
  const numberItemKey = config.membership?.numberItemKey;
  if (numberItemKey === undefined) return config;
  let form = registrationForms.get(config);
  if (form === undefined) {
    form = { ...config, surveySchema: config.surveySchema.filter((item) => item.itemKey !== numberItemKey) };
    registrationForms.set(config, form);
  }
  return form;
}
