import type { SqliteDatabase } from '../../db/database.js';
import type { FileRepository } from './file-repository.js';
import type { FileRow } from './file-rows.js';
import { toUploadedFile } from './file-rows.js';

/** Files citizens uploaded for files items, bytes and all, in the same SQLite file as their answers. */
export function createSqliteFileRepository(db: SqliteDatabase): FileRepository {
  const insert = db.prepare(
    'INSERT INTO uploaded_files (file_id, user_id, name, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const describe = db.prepare<[string], FileRow>('SELECT file_id, user_id, name, content_type, size FROM uploaded_files WHERE file_id = ?');
  const withData = db.prepare<[string], FileRow & { data: Buffer }>(
    'SELECT file_id, user_id, name, content_type, size, data FROM uploaded_files WHERE file_id = ?',
  );
  return {
    async add(file, data) {
      insert.run(file.fileId, file.userId, file.name, file.contentType, file.size, data, Date.now());
    },
    async describe(fileId) {
      const row = describe.get(fileId);
      return row === undefined ? undefined : toUploadedFile(row);
    },
    async read(fileId) {
      const row = withData.get(fileId);
      return row === undefined ? undefined : { file: toUploadedFile(row), data: row.data };
    },
  };
}
