// Transactions over SQLite as the use-cases rely on them: one at a time, all or nothing, and never
// visible to readers before they commit.
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
    await new Promise((resolve) => setTimeout(resolve, 0));
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
    await new Promise((resolve) => setTimeout(resolve, 0));
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
});
