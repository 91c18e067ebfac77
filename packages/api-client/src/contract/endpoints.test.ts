import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { FILE_UPLOAD_LIMITS, LINE_STAND_IN_PATH, RUNTIME_CONFIG_ELEMENT_ID, routes } from './index.js';
import { endpoints } from './endpoints.js';

describe('the contract', () => {
  it('names every route once, each under the API prefix', () => {
    const keys = Object.values(routes).map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of Object.values(routes)) expect(route.path.startsWith('/survey/api/v1/db/')).toBe(true);
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(routes).sort());
  });

  it('takes upload file names up to the one limit the server applies', () => {
    const query = endpoints.uploadFile.query;
    expect(Value.Check(query, { name: 'a'.repeat(FILE_UPLOAD_LIMITS.maxNameLength) })).toBe(true);
    expect(Value.Check(query, { name: 'a'.repeat(FILE_UPLOAD_LIMITS.maxNameLength + 1) })).toBe(false);
    expect(Value.Check(query, { name: '' })).toBe(false);
  });

  it('reads a file at the url an upload answers with', () => {
    expect(endpoints.downloadFile).toMatchObject({ method: 'GET', path: `${endpoints.uploadFile.path}/:fileId` });
    expect(Value.Check(endpoints.downloadFile.params, { fileId: '0123456789abcdef0123456789abcdef' })).toBe(true);
  });

  it('says where the runtime configuration and the LINE stand-in are', () => {
    expect(RUNTIME_CONFIG_ELEMENT_ID).toBe('city-runtime-config');
    expect(LINE_STAND_IN_PATH).toBe('/__dev/line');
  });
});
