/** An uploaded file without its bytes. */
export interface UploadedFile {
  fileId: string;
  /** The uploader: the only user who may read it or put it in an answer. */
  userId: string;
  name: string;
  contentType: string;
  size: number;
}

/** Files citizens uploaded for files items, with their bytes. */
export interface FileRepository {
  add(file: UploadedFile, data: Buffer): Promise<void>;
  /** The file's description, without reading its bytes. */
  describe(fileId: string): Promise<UploadedFile | undefined>;
  /** The file and its bytes. */
  read(fileId: string): Promise<{ file: UploadedFile; data: Buffer } | undefined>;
}
