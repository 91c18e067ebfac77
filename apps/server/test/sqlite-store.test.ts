// Transactions over SQLite as the use-cases rely on them: one at a time, all or nothing, never
// visible to readers before they commit, and those queued together committed together.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import type { SqliteConnections } from '../src/db/sqlite-store.js';
import { connectSqlite, sqliteStore } from '../src/db/sqlite-store.js';

let dir: string;
let connections: SqliteConnections;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'city-store-test-'));
  connections = connectSqlite(openDatabase(path.join(dir, 'store.sqlite')));
  connections.writer.exec('CREATE TABLE notes (text TEXT NOT NULL) STRICT');
});
afterEach(() => {
  connections.reader.close();
  connections.writer.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A tiny repository: notes in a table. */
const notesOf = (db: SqliteDatabase) => ({
  add: async (text: string) => {
    db.prepare('INSERT INTO notes (text) VALUES (?)').run(text);
  },
  all: async () => db.prepare<[], { text: string }>('SELECT text FROM notes ORDER BY rowid').all().map((row) => row.text),
});

/** Lets the event loop turn until `condition` holds (work queued for a transaction runs on a later turn). */
async function until(condition: () => boolean): Promise<void> {
  for (let turns = 0; !condition(); turns++) {
    if (turns > 1000) throw new Error('condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** How many commits other connections have made, as the reader sees it (SQLite's data_version). */
const commitsSeen = () => connections.reader.pragma('data_version', { simple: true }) as number;

/** A promise resolved from outside, to hold a transaction open across real waiting. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('sqliteStore', () => {
  it('runs transactions one after another, even when their work waits', async () => {
    const store = sqliteStore(connections, notesOf);
    const first = gate();
    const events: string[] = [];
    const one = store.transaction(async (notes) => {
      events.push('one starts');
      await notes.add('one');
      await first.opened;
      events.push('one ends');
    });
    const two = store.transaction(async (notes) => {
      events.push('two starts');
      await notes.add('two');
    });
    await until(() => events.length > 0);
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['one starts']);
    first.open();
    await Promise.all([one, two]);
    expect(events).toEqual(['one starts', 'one ends', 'two starts']);
    expect(await store.read.all()).toEqual(['one', 'two']);
  });

  it('shows readers committed data only, never a transaction in progress', async () => {
    const store = sqliteStore(connections, notesOf);
    const held = gate();
    const writing = store.transaction(async (notes) => {
      await notes.add('pending');
      expect(await notes.all()).toEqual(['pending']); // the transaction sees its own write
      await held.opened;
    });
    await until(() => connections.writer.inTransaction);
    expect(await store.read.all()).toEqual([]);
    held.open();
    await writing;
    expect(await store.read.all()).toEqual(['pending']);
  });

  it('rolls everything back when the work fails, and goes on with the next transaction', async () => {
    const store = sqliteStore(connections, notesOf);
    await expect(
      store.transaction(async (notes) => {
        await notes.add('half');
        throw new Error('failed half way');
      }),
    ).rejects.toThrow('failed half way');
    await store.transaction((notes) => notes.add('next'));
    expect(await store.read.all()).toEqual(['next']);
  });

  it('spans the repositories of several stores over one file: they share one turn', async () => {
    const notes = sqliteStore(connections, notesOf);
    const others = sqliteStore(connections, notesOf);
    const held = gate();
    const events: string[] = [];
    const one = notes.transaction(async () => {
      await held.opened;
      events.push('notes');
    });
    const two = others.transaction(async () => {
      events.push('others');
    });
    held.open();
    await Promise.all([one, two]);
    expect(events).toEqual(['notes', 'others']);
  });

  it('commits transactions queued together at once, each still all or nothing', async () => {
    const store = sqliteStore(connections, notesOf);
    const before = commitsSeen();
    const results = await Promise.allSettled([
      store.transaction((notes) => notes.add('a')),
      store.transaction(async (notes) => {
        await notes.add('b');
        throw new Error('b fails');
      }),
      store.transaction((notes) => notes.add('c')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.read.all()).toEqual(['a', 'c']);
    expect(commitsSeen() - before).toBe(1);
  });

  it('answers no transaction before the commit that holds it', async () => {
    const store = sqliteStore(connections, notesOf);
    const held = gate();
    const answered: string[] = [];
    void store.transaction((notes) => notes.add('first')).then(() => answered.push('first'));
    const last = store.transaction(async (notes) => {
      await notes.add('last');
      await held.opened;
    });
    await until(() => connections.writer.inTransaction);
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toEqual([]); // 'first' is done but not committed: it waits with 'last'
    held.open();
    await last;
    await until(() => answered.length === 1);
    expect(await store.read.all()).toEqual(['first', 'last']);
  });

  it('fails the work grouped before a failure that ends the whole SQLite transaction, and runs the rest', async () => {
    const store = sqliteStore(connections, notesOf);
    const results = await Promise.allSettled([
      store.transaction((notes) => notes.add('lost with the group')),
      // OR ROLLBACK: SQLite itself rolls back the whole transaction on this constraint failure.
      store.transaction(async () => {
        connections.writer.prepare('INSERT OR ROLLBACK INTO notes (text) VALUES (NULL)').run();
      }),
      store.transaction((notes) => notes.add('runs next')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(await store.read.all()).toEqual(['runs next']);
  });
});
