// An uploaded file's row (without its bytes) and what it is read as, on both engines.
import type { UploadedFile } from './file-repository.js';

export interface FileRow {
  file_id: string;
  user_id: string;
  name: string;
  content_type: string;
  size: number;
}

export const toUploadedFile = (row: FileRow): UploadedFile => ({
  fileId: row.file_id,
  userId: row.user_id,
  name: row.name,
  contentType: row.content_type,
  size: row.size,
});
