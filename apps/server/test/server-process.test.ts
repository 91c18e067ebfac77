// The server as an operator runs it (src/server.ts in its own process): what it writes to a
// terminal, and how it stops.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process.js';

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Starts the server in development with these settings (port 0, a fresh database). */
function startServer(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'city-server-process-'));
  folders.push(dir);
  return startServerProcess({ NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', DATABASE_PATH: path.join(dir, 'city.sqlite'), CITIZEN_APP_DIR: path.join(dir, 'no-app'), ...env });
}

// Processes of their own, started through tsx: on a loaded CI machine that alone takes seconds.
describe('the server process', { timeout: 30_000 }, () => {
  it('writes one readable line per request in the readable format, and stops on Ctrl-C with exit code 0', async () => {
    const server = await startServer({ LOG_FORMAT: 'pretty' });
    await fetch(`${server.origin}/survey/api/v1/db/survey-configs/getItem?surveyId=citizen-questionnaire`);
    await fetch(`${server.origin}/survey/api/v1/db/login/token?code=secret-code&redirectTo=x`);
    await expect.poll(server.output).toMatch(/GET \/survey\/api\/v1\/db\/survey-configs\/getItem\?surveyId=citizen-questionnaire 401 \d+\.\d ms/);
    await expect.poll(server.output).toMatch(/GET \/survey\/api\/v1\/db\/login\/token\?code=\*\*\*&redirectTo=x 400 \d+\.\d ms/);
    expect(server.output()).not.toContain('secret-code');
    expect(server.output()).not.toContain('"msg"');
    expect(server.output()).not.toContain('incoming request');
    // A terminal's Ctrl-C reaches every process of the command, and pnpm passes it on again.
    server.signal('SIGINT');
    server.signal('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  });

  it('writes one compact JSON line per request by default when not at a terminal, and stops on SIGTERM with exit code 0', async () => {
    const server = await startServer({});
    await fetch(`${server.origin}/survey/api/v1/db/survey-configs/getItem?surveyId=citizen-questionnaire`);
    await fetch(`${server.origin}/survey/api/v1/db/login/token?code=secret-code&redirectTo=x`);
    await expect.poll(server.output).toContain('"url":"/survey/api/v1/db/login/token?code=***&redirectTo=x"');
    const requests = server
      .output()
      .split('\n')
      // The API's requests (the login's call to the LINE stand-in, on this server too, has its own line).
      .filter((line) => line.includes('"url":"/survey/'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(requests).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', url: '/survey/api/v1/db/survey-configs/getItem?surveyId=citizen-questionnaire', status: 401, ms: expect.any(Number) as unknown }),
      expect.objectContaining({ level: 30, method: 'GET', url: '/survey/api/v1/db/login/token?code=***&redirectTo=x', status: 400 }),
    ]);
    // Shaped as pino writes every other line: level, time, process, host, then the request's id.
    for (const request of requests) expect(Object.keys(request).slice(0, 5)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId']);
    expect(requests[0]).toMatchObject({ pid: expect.any(Number) as unknown, time: expect.any(Number) as unknown, reqId: expect.stringMatching(/^req-/) as unknown });
    // Not Fastify's two lines a request, with their request and reply objects.
    for (const request of requests) for (const key of ['msg', 'req', 'res', 'responseTime']) expect(request).not.toHaveProperty(key);
    expect(server.output()).not.toContain('incoming request');
    expect(server.output()).not.toContain('request completed');
    expect(server.output()).not.toContain('secret-code');
    // A request answered just before the stop is still logged (its line was in the write buffer).
    await fetch(`${server.origin}/survey/api/v1/db/survey-configs/getItem?surveyId=last-before-stop`);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"url":"/survey/api/v1/db/survey-configs/getItem?surveyId=last-before-stop"');
  });
});
