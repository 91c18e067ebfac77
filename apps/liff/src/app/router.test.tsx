import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TEST_SESSION, testServices } from '../../test/render-with-providers.js';
import { messages } from '../messages.js';
import { sessionStateFor } from '../store/session-slice.js';
import { makeStore } from './make-store.js';
import { AppProviders } from './providers.js';
import { appRoutes } from './router.js';

/** Opens `path` in the app's routes; the API answers nothing until the test says so. */
function open(path: string, options: { signedIn: boolean }) {
  const getSurveyConfig = vi.fn(() => new Promise<never>(() => undefined));
  const querySurveyResults = vi.fn(() => new Promise<never>(() => undefined));
  const services = testServices({ api: { getSurveyConfig, querySurveyResults } });
  const store = makeStore(services, options.signedIn ? { session: sessionStateFor(TEST_SESSION) } : {});
  const router = createMemoryRouter(appRoutes(store), { initialEntries: [path] });
  render(
    <AppProviders store={store} services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { getSurveyConfig, querySurveyResults };
}

describe('opening a survey form', () => {
  it('asks for its configuration and the citizen’s records at once, not one after the other', async () => {
    const { getSurveyConfig, querySurveyResults } = open('/survey/citizen-questionnaire', { signedIn: true });
    await vi.waitFor(() => {
      expect(getSurveyConfig).toHaveBeenCalledWith('citizen-questionnaire');
      // The configuration has not answered: the records were not waiting for it.
      expect(querySurveyResults).toHaveBeenCalledWith({ surveyId: 'citizen-questionnaire', userId: 'U1' });
    }, { timeout: 15_000 });
    // One request each: the form's own queries took these up (its loading state shows).
    await screen.findByText(messages.surveyLoading);
    expect(getSurveyConfig).toHaveBeenCalledTimes(1);
    expect(querySurveyResults).toHaveBeenCalledTimes(1);
  });

  it('asks nothing without a session (the login notice shows instead)', async () => {
    const { getSurveyConfig, querySurveyResults } = open('/survey/citizen-questionnaire', { signedIn: false });
    await screen.findByText('ログインしてください');
    expect(getSurveyConfig).not.toHaveBeenCalled();
    expect(querySurveyResults).not.toHaveBeenCalled();
  });
});
