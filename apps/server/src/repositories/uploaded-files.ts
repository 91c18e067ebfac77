import type { SqliteDatabase } from '../db/database.js';

/** An uploaded file without its bytes. */
export interface UploadedFile {
  fileId: string;
  /** The uploader: the only user who may read it or put it in an answer. */
  userId: string;
  name: string;
  contentType: string;
  size: number;
}

interface FileRow {
  file_id: string;
  user_id: string;
  name: string;
  content_type: string;
  size: number;
}

const fromRow = (row: FileRow): UploadedFile => ({
  fileId: row.file_id,
  userId: row.user_id,
  name: row.name,
  contentType: row.content_type,
  size: row.size,
});

/** Files citizens uploaded for files items, bytes and all, in the same SQLite file as their answers. */
export function createUploadedFileRepository(db: SqliteDatabase) {
  const insert = db.prepare(
    'INSERT INTO uploaded_files (file_id, user_id, name, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const describe = db.prepare<[string], FileRow>('SELECT file_id, user_id, name, content_type, size FROM uploaded_files WHERE file_id = ?');
  const withData = db.prepare<[string], FileRow & { data: Buffer }>(
    'SELECT file_id, user_id, name, content_type, size, data FROM uploaded_files WHERE file_id = ?',
  );
  return {
    add(file: UploadedFile, data: Buffer): void {
      insert.run(file.fileId, file.userId, file.name, file.contentType, file.size, data, Date.now());
    },
    /** The file's description, without reading its bytes. */
    describe(fileId: string): UploadedFile | undefined {
      const row = describe.get(fileId);
      return row === undefined ? undefined : fromRow(row);
    },
    /** The file and its bytes. */
    read(fileId: string): { file: UploadedFile; data: Buffer } | undefined {
      const row = withData.get(fileId);
      return row === undefined ? undefined : { file: fromRow(row), data: row.data };
    },
  };
}

export type UploadedFileRepository = ReturnType<typeof createUploadedFileRepository>;
