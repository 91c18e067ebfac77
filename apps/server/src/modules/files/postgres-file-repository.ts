import type { PostgresQueryable } from '../../db/postgres.js';
import type { FileRepository } from './file-repository.js';
import type { FileRow } from './file-rows.js';
import { toUploadedFile } from './file-rows.js';

/** Files citizens uploaded for files items, bytes and all (BYTEA), in the same database as their answers. */
export function createPostgresFileRepository(db: PostgresQueryable): FileRepository {
  const one = async <Row extends FileRow>(name: string, text: string, fileId: string) => (await db.query<Row>({ name, text, values: [fileId] })).rows[0];
  return {
    async add(file, data) {
      await db.query({
        name: 'files.add',
        text: 'INSERT INTO uploaded_files (file_id, user_id, name, content_type, size, data, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        values: [file.fileId, file.userId, file.name, file.contentType, file.size, data, Date.now()],
      });
    },
    async describe(fileId) {
      const row = await one('files.describe', 'SELECT file_id, user_id, name, content_type, size FROM uploaded_files WHERE file_id = $1', fileId);
      return row === undefined ? undefined : toUploadedFile(row);
    },
    async read(fileId) {
      const row = await one<FileRow & { data: Buffer }>('files.read', 'SELECT file_id, user_id, name, content_type, size, data FROM uploaded_files WHERE file_id = $1', fileId);
      return row === undefined ? undefined : { file: toUploadedFile(row), data: row.data };
    },
  };
}
