// The server's render of a first screen (issue 31): the login screen as the app hydrates it (its
// button waiting for the app's code), a survey's form with the state to hydrate it with, and
// nothing for a screen the app renders on the client.
import type { SurveyConfig } from '@city/survey-core';
import { describe, expect, it } from 'vitest';
import { renderFirstScreen } from './entry-server.js';

const noSurveys = { surveyConfig: () => Promise.resolve(undefined) };
const clinic: SurveyConfig = {
  surveyId: 'clinic',
  surveyTitle: '予防接種の予約',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true },
    { itemKey: 'age', type: 'radio', title: '年代', options: ['20代', '30代'] },
  ],
};
const surveys = (config: SurveyConfig) => ({ surveyConfig: (surveyId: string) => Promise.resolve(surveyId === config.surveyId ? config : undefined) });

function parsed(html: string | undefined): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html ?? '';
  return root;
}
const runtime = { lineAuthorizeUrl: 'https://access.line.me/oauth2/v2.1/authorize', loginAppId: '1650000000', liffId: null, lineStandIn: false };

describe('renderFirstScreen', () => {
  it('renders the login screen, its button disabled until the app takes it over', async () => {
    const screen = await renderFirstScreen({ url: 'https://city.example/login', runtime, data: noSurveys });
    const root = document.createElement('div');
    root.innerHTML = screen?.html ?? '';
    expect(root.querySelector('h1')?.textContent).toBe('ログイン');
    const button = root.querySelector('button');
    expect(button?.textContent).toBe('LINEでログイン');
    expect(button?.disabled).toBe(true);
  });

  it("renders a survey's form, waiting for the app, with the state it was rendered with", async () => {
    const screen = await renderFirstScreen({ url: 'https://city.example/survey/clinic', runtime, data: surveys(clinic) });
    const root = parsed(screen?.html);
    expect(root.querySelector('h1')?.textContent).toBe('予防接種の予約');
    expect([...root.querySelectorAll('label')].map((label) => label.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('お名前'), '20代', '30代']));
    expect(root.querySelector('fieldset')?.disabled).toBe(true);
    const state = parsed(screen?.state).querySelector('script')?.textContent ?? '';
    expect(JSON.parse(state)).toMatchObject({ survey: { surveyId: 'clinic' }, api: { queries: { 'getSurveyConfig("clinic")': { status: 'fulfilled', data: clinic } } } });
  });

  it('leaves a survey citizens cannot read, and one for members, to the app', async () => {
    expect(await renderFirstScreen({ url: 'https://city.example/survey/other', runtime, data: surveys(clinic) })).toBeUndefined();
    const members = { ...clinic, requiresMembership: 'membership' };
    expect(await renderFirstScreen({ url: 'https://city.example/survey/clinic', runtime, data: surveys(members) })).toBeUndefined();
  });

  it('leaves every screen that shows a citizen\'s data to the app', async () => {
    for (const path of ['/calendar/cal-checkup-central', '/confirmList', '/waitlist', '/receipt']) {
      expect(await renderFirstScreen({ url: `https://city.example${path}`, runtime, data: noSurveys })).toBeUndefined();
    }
  });
});
