// The API client made at its first call: it is no promise itself, and a call made before its code
// arrived reaches the server once it has, with the citizen's token, as the client's own would.
// @vitest-environment node
import { API_PREFIX, isApiError } from '@city/api-client';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyApiClient } from './lazy-api-client.js';

const asked: { url: string | undefined; headers: IncomingHttpHeaders }[] = [];
const server = createServer((request, response) => {
  asked.push({ url: request.url, headers: request.headers });
  response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data: { surveyId: 'clinic' } }));
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  await new Promise<void>((resolve, reject) => {
    server.close((error) => {
      if (error) reject(error);
      else resolve();
    });
  });
});

describe('lazyApiClient', () => {
  it('is no promise itself: awaiting it gives the client back', async () => {
    const api = lazyApiClient({ baseUrl, getIdToken: () => null });
    expect('then' in api && typeof (api as unknown as { then: unknown }).then === 'function').toBe(false);
    expect(await Promise.resolve(api)).toBe(api);
  });

  it('makes the call once its code has arrived, with the ID token', async () => {
    const api = lazyApiClient({ baseUrl, getIdToken: () => 'token-1' });
    const [first, second] = await Promise.all([api.getSurveyConfig('clinic'), api.getSurveyConfig('clinic')]);
    expect(isApiError(first) ? first.code : first.data.surveyId).toBe('clinic');
    expect(isApiError(second) ? second.code : second.data.surveyId).toBe('clinic');
    expect(asked.at(-1)?.url).toBe(`${API_PREFIX}/survey-configs/getItem?surveyId=clinic`);
    expect(asked.at(-1)?.headers.authorization).toBe('Bearer token-1');
  });
});
