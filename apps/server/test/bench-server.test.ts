// `pnpm bench` measures the server started as production starts it. It stopped starting once
// payments made new settings required in production, and nothing noticed for two issues: this
// starts the server with exactly the bench's settings and fails if it does not listen.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { benchServerSettings } from '../bench/server-settings.js';
import { startServerProcess } from './server-process.js';

const dir = mkdtempSync(path.join(tmpdir(), 'city-bench-server-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// A process of its own, started through tsx: on a loaded CI machine that alone takes seconds.
it('starts with the settings pnpm bench gives it (production mode) and listens', { timeout: 30_000 }, async () => {
  const settings = benchServerSettings({
    databasePath: path.join(dir, 'server.sqlite'),
    channel: { channelId: '1650009999', channelSecret: 'a-bench-channel-secret' },
    noAppDir: path.join(dir, 'no-app'),
  });
  const server = await startServerProcess({ ...settings, HOST: '127.0.0.1', PORT: '0' });
  server.signal('SIGTERM');
  expect(await server.exited).toBe(0);
});
