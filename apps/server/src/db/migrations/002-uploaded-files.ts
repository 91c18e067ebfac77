import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 2,
  name: 'uploaded files',
  sql: `
      -- Files citizens uploaded for files items; answers refer to them by URL (/files/<file_id>).
      CREATE TABLE uploaded_files (
        file_id TEXT PRIMARY KEY, -- 32 random hex digits
        user_id TEXT NOT NULL, -- the uploader, the only one who may read it
        name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        data BLOB NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
    `,
};
