// The PostgreSQL the server's tests run against (issue 25): a real server, on 127.0.0.1, with real
// concurrency between connections, gone without a trace when stopped.
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresServer } from '../dev/postgres-server.js';
import { startPostgres } from '../dev/postgres-server.js';

const connect = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
};

describe('the test PostgreSQL', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    // Undefined when it did not start: beforeAll's own error is the one to see.
    await (server as PostgresServer | undefined)?.stop();
  });

  it('answers on 127.0.0.1, in UTF-8', async () => {
    expect(server.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    const client = await connect(server.url);
    try {
      const { rows } = await client.query<{ version: string; encoding: string }>("SELECT version(), pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = 'postgres'");
      expect(rows[0]?.version).toMatch(/^PostgreSQL \d+/);
      expect(rows[0]?.encoding).toBe('UTF8');
      expect((await client.query<{ name: string }>("SELECT '山田 太郎' AS name")).rows[0]?.name).toBe('山田 太郎');
    } finally {
      await client.end();
    }
  });

  it('makes a second connection wait for a row another one has locked, until it commits', async () => {
    const [first, second] = await Promise.all([connect(server.url), connect(server.url)]);
    try {
      await first.query('CREATE TABLE slots (slot_id text PRIMARY KEY, claimed integer NOT NULL, capacity integer NOT NULL)');
      await first.query("INSERT INTO slots VALUES ('hot', 0, 1)");
      await first.query('BEGIN');
      await first.query("UPDATE slots SET claimed = claimed + 1 WHERE slot_id = 'hot' AND claimed + 1 <= capacity");
      await second.query('BEGIN');
      const events: string[] = [];
      // The same conditional claim from the second connection: it waits on the row lock, then sees the
      // first one's unit and takes nothing.
      const waiting = second.query("UPDATE slots SET claimed = claimed + 1 WHERE slot_id = 'hot' AND claimed + 1 <= capacity").then((result) => {
        events.push(`second claimed ${String(result.rowCount)}`);
      });
      await expect.poll(async () => (await connect(server.url).then(async (observer) => {
        try {
          return (await observer.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE NOT granted")).rows[0]?.n;
        } finally {
          await observer.end();
        }
      }))).toBe('1');
      events.push('first commits');
      await first.query('COMMIT');
      await waiting;
      await second.query('COMMIT');
      expect(events).toEqual(['first commits', 'second claimed 0']);
      expect((await first.query<{ claimed: number }>("SELECT claimed FROM slots WHERE slot_id = 'hot'")).rows[0]?.claimed).toBe(1);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });
});

it('stops when asked, leaving neither a listening port nor its folder', async () => {
  const server = await startPostgres();
  const folder = await connect(server.url).then(async (client) => {
    try {
      return (await client.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = 'data_directory'")).rows[0]?.setting ?? '';
    } finally {
      await client.end();
    }
  });
  expect(existsSync(folder)).toBe(true);
  await server.stop();
  expect(existsSync(folder)).toBe(false);
  const refused = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: server.port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => {
      resolve(true);
    });
  });
  expect(refused).toBe(true);
}, 60_000);
