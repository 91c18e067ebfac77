// Files for files items (not in the spec): the citizen uploads each file first, then puts the
// FileRef it got back into the answer; a submission may carry only the caller's own uploads.
import { endpoints, FILE_UPLOAD_LIMITS } from '@city/api-client/contract';
import type { FileRef } from '@city/survey-core';
import { randomBytes } from 'node:crypto';
import type { Store } from '../../db/store.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { FileRepository, UploadedFile } from './file-repository.js';

export interface FilesDeps {
  store: Store<{ files: FileRepository }>;
}

const FILE_URL_PREFIX = `${endpoints.uploadFile.path}/`;
const FILE_ID = /^[0-9a-f]{32}$/;
// Control characters, and slashes of either kind: a name is never a path.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_NAME = /[\u0000-\u001f\u007f/\\]/;

/** Where an uploaded file is read: the url of its FileRef (the contract's downloadFile path). */
function fileUrl(fileId: string): string {
  return endpoints.downloadFile.path.replace(':fileId', fileId);
}

/** The file id in an upload's url; undefined for any other url. */
function fileIdOfUrl(url: string): string | undefined {
  const fileId = url.startsWith(FILE_URL_PREFIX) ? url.slice(FILE_URL_PREFIX.length) : undefined;
  return fileId !== undefined && FILE_ID.test(fileId) ? fileId : undefined;
}

/** Stores an upload of the user's and answers its FileRef. */
export async function storeUpload(deps: FilesDeps, userId: string, rawName: string, contentType: string, data: Buffer): Promise<Required<FileRef>> {
  const name = rawName.trim();
  if (name.length === 0 || name.length > FILE_UPLOAD_LIMITS.maxNameLength || FORBIDDEN_IN_NAME.test(name)) {
    throw new HttpError(400, 'invalid_file_name', messages.invalidFileName);
  }
  if (data.length === 0) throw new HttpError(400, 'empty_file', messages.emptyFile);
  const file: UploadedFile = { fileId: randomBytes(16).toString('hex'), userId, name, contentType, size: data.length };
  await deps.store.transaction(({ files }) => files.add(file, data));
  return { name, url: fileUrl(file.fileId), contentType, size: file.size };
}

/** The user's own upload with its bytes, or 404 (someone else's file is "not found" too). */
export async function readOwnUpload(deps: FilesDeps, userId: string, fileId: string): Promise<{ file: UploadedFile; data: Buffer }> {
  const stored = await deps.store.read.files.read(fileId);
  if (stored === undefined || stored.file.userId !== userId) throw new HttpError(404, 'file_not_found', messages.fileNotFound);
  return stored;
}

/** The file is an upload of this user's, with the name, type and size it was stored with. */
export async function isOwnUpload(deps: FilesDeps, userId: string, file: FileRef): Promise<boolean> {
  const fileId = fileIdOfUrl(file.url);
  const stored = fileId === undefined ? undefined : await deps.store.read.files.describe(fileId);
  return (
    stored !== undefined &&
    stored.userId === userId &&
    stored.name === file.name &&
    stored.contentType === file.contentType &&
    stored.size === file.size
  );
}
