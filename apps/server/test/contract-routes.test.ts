// The server and the contract (@city/api-client/contract) describe the same API: every endpoint
// of the contract has its route (or is listed as not served yet), and no API route is outside it.
import type { EndpointName } from '@city/api-client/contract';
import { API_PREFIX, endpoints, PAYMENT_NOTIFICATIONS_PATH } from '@city/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS_NOT_SERVED_YET } from '../src/app.js';
import type { TestContext } from './helpers.js';
import { createTestContext, pathOf } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const names = Object.keys(endpoints) as EndpointName[];
const routeOf = (name: EndpointName) => `${endpoints[name].method} ${endpoints[name].path}`;

describe('the routes', () => {
  it('are exactly the contract endpoints, but those not served yet, and where payment providers notify', () => {
    const apiRoutes = ctx.app.servedRoutes.filter((route) => route.split(' ')[1]?.startsWith(`${API_PREFIX}/`));
    const expected = [
      ...names.filter((name) => !ENDPOINTS_NOT_SERVED_YET.includes(name)).map(routeOf),
      // Not a citizen's call: the provider's server posts here, proven by its signature.
      `POST ${PAYMENT_NOTIFICATIONS_PATH}/:provider`,
    ];
    expect([...apiRoutes].sort()).toEqual([...expected].sort());
  });

  it('leave the endpoints not served yet to the JSON 404, and list only endpoints of the contract there', async () => {
    for (const name of ENDPOINTS_NOT_SERVED_YET) {
      expect(names).toContain(name);
      const response = await ctx.app.inject({ method: endpoints[name].method, url: pathOf(name) });
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
