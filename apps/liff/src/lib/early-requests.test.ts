// The early requests of a survey form and a receipt (sent before the app's code arrives): what
// they ask for, and that their answers serve the first screen only.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memory-storage.js';
import { SESSION_KEYS } from './session.js';
import { startEarlyRequests, takeEarlyResponse } from './early-requests.js';

const idToken = `x.${btoa(JSON.stringify({ sub: 'U1' }))}.y`;
const asked: string[] = [];

function openedAt(address: string, configInPage = false): void {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url.slice(url.lastIndexOf('/') + 1).split('?')[0] ?? '');
      // An order of the clinic survey.
      const body = url.includes('/payments/order') ? { data: { orderId: 'o-1', surveyId: 'clinic' } } : { asked: url };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  const session = memoryStorage();
  session.setItem(SESSION_KEYS.idToken, idToken);
  const { pathname, search } = new URL(address, 'https://city.example');
  startEarlyRequests({ pathname, search }, session, null, configInPage);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('early requests', () => {
  it('ask for the configuration and the records of the survey form opened', async () => {
    openedAt('/survey/clinic');
    expect(asked.sort()).toEqual(['getItem', 'query']);
    expect(await takeEarlyResponse('surveyConfig', 'clinic', idToken, '/survey/clinic')).toBeDefined();
    // Once: a later query asks the API itself.
    expect(await takeEarlyResponse('surveyConfig', 'clinic', idToken, '/survey/clinic')).toBeUndefined();
  });

  it('leave out the configuration the server put in the page', () => {
    openedAt('/survey/clinic', true);
    expect(asked).toEqual(['query']);
  });

  it("ask for a receipt's order, then for its survey's configuration and the citizen's records in it", async () => {
    openedAt('/receipt?order=o-1', true);
    expect(asked).toEqual(['order']);
    const order = await takeEarlyResponse('order', 'o-1', idToken, '/receipt');
    // The app reads the order whole, though the early script read it too.
    expect(await order?.json()).toEqual({ data: { orderId: 'o-1', surveyId: 'clinic' } });
    await vi.waitFor(() => {
      expect(asked.sort()).toEqual(['getItem', 'order', 'query']);
    }, { timeout: 15_000 });
    expect(await takeEarlyResponse('surveyRows', 'clinic', idToken, '/receipt')).toBeDefined();
    expect(await takeEarlyResponse('surveyConfig', 'clinic', idToken, '/receipt')).toBeDefined();
    // Another order's receipt, or a receipt of none, asks for nothing.
    expect(await takeEarlyResponse('order', 'o-2', idToken, '/receipt')).toBeUndefined();
    openedAt('/receipt');
    expect(asked).toEqual([]);
  });

  it('are dropped once the app has left the page they were sent for', async () => {
    openedAt('/survey/clinic');
    // An append-mode form reads no records; the list, after the citizen sent one, must not get the old ones.
    expect(await takeEarlyResponse('surveyRows', 'clinic', idToken, '/confirmList/clinic')).toBeUndefined();
    expect(await takeEarlyResponse('surveyConfig', 'clinic', idToken, '/survey/clinic')).toBeUndefined();
  });
});
