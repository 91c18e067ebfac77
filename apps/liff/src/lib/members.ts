import type { SurveyConfig } from '@city/survey-core';

const formConfigs = new WeakMap<SurveyConfig, SurveyConfig>();

/**
 * The survey as its form and confirm screen show it: a member survey without its member number
 * item, which the server fills in (a number typed by the citizen would be ignored). Made once per
 * configuration, so the form keeps one object across renders.
 */
export function formConfigOf(config: SurveyConfig): SurveyConfig {
  const numberItemKey = config.membership?.numberItemKey;
  if (numberItemKey === undefined) return config;
  let shown = formConfigs.get(config);
  if (shown === undefined) {
    shown = { ...config, surveySchema: config.surveySchema.filter((item) => item.itemKey !== numberItemKey) };
    formConfigs.set(config, shown);
  }
  return shown;
}
