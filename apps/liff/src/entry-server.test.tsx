// The server's render of a first screen (issue 31): the login screen as the app hydrates it (its
// button waiting for the app's code), and nothing for a screen the app renders on the client.
import { describe, expect, it } from 'vitest';
import { renderFirstScreen } from './entry-server.js';

const runtime = { lineAuthorizeUrl: 'https://access.line.me/oauth2/v2.1/authorize', loginAppId: '1650000000', liffId: null, lineStandIn: false };

describe('renderFirstScreen', () => {
  it('renders the login screen, its button disabled until the app takes it over', async () => {
    const html = await renderFirstScreen({ url: 'https://city.example/login', runtime });
    const root = document.createElement('div');
    root.innerHTML = html ?? '';
    expect(root.querySelector('h1')?.textContent).toBe('ログイン');
    const button = root.querySelector('button');
    expect(button?.textContent).toBe('LINEでログイン');
    expect(button?.disabled).toBe(true);
  });

  it('leaves every screen that shows a citizen\'s data to the app', async () => {
    for (const path of ['/survey/citizen-questionnaire', '/calendar/cal-checkup-central', '/confirmList', '/waitlist', '/receipt']) {
      expect(await renderFirstScreen({ url: `https://city.example${path}`, runtime })).toBeUndefined();
    }
  });
});
