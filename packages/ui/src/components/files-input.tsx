import type { FileRef, FilesItem } from '@city/survey-core';
import { useRef, useState } from 'react';
import { uiMessages } from '../messages.js';
import { Field } from './field.js';
import type { ItemInputProps } from './item-input.js';
import { fieldOf } from './item-input.js';

export interface FileLimits {
  /** Largest file, in bytes. Default 10 MB. */
  maxBytes?: number;
  /** MIME types or patterns such as `image/*`. Default: images and PDF. */
  accept?: readonly string[];
  /** Files in all. Default 5. */
  maxFiles?: number;
}

const DEFAULT_ACCEPT = ['image/*', 'application/pdf'];
const accepts = (patterns: readonly string[], type: string) =>
  patterns.some((pattern) => (pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern));

/**
 * Files: pick, see, remove. Limits are checked on the phone, before anything is sent; `upload`
 * (the app's) turns accepted files into stored file references.
 */
export function FilesInput({
  item,
  value,
  onChange,
  error,
  disabled,
  upload,
  limits = {},
  previewUrl = (file) => file.url,
}: ItemInputProps<FilesItem, FileRef[]> & {
  upload: (files: File[]) => Promise<FileRef[]>;
  limits?: FileLimits;
  /**
   * Where an image's thumbnail comes from; none shows no thumbnail. Default: the file's url. An app
   * whose file urls need a token (an `<img>` sends none) passes object URLs of the picked files.
   */
  previewUrl?: (file: FileRef) => string | undefined;
}) {
  const files = value ?? [];
  const maxBytes = limits.maxBytes ?? 10 * 1024 * 1024;
  const accept = limits.accept ?? DEFAULT_ACCEPT;
  const maxFiles = limits.maxFiles ?? 5;
  const [refusal, setRefusal] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // The files as they are now, for an upload that finishes after the citizen removed one.
  const current = useRef(files);
  current.current = files;
  const limitText = maxBytes >= 1024 * 1024 ? `${String(Math.floor(maxBytes / (1024 * 1024)))}MB` : `${String(Math.floor(maxBytes / 1024))}KB`;

  const add = async (picked: File[]) => {
    const tooLarge = picked.find((file) => file.size > maxBytes);
    const wrongType = picked.find((file) => !accepts(accept, file.type));
    const message =
      tooLarge !== undefined
        ? uiMessages.fileTooLarge(tooLarge.name, limitText)
        : wrongType !== undefined
          ? uiMessages.fileTypeNotAllowed(wrongType.name)
          : files.length + picked.length > maxFiles
            ? uiMessages.maxFiles(maxFiles)
            : undefined;
    setRefusal(message);
    if (message !== undefined || picked.length === 0) return;
    setUploading(true);
    let uploaded: FileRef[];
    try {
      uploaded = await upload(picked);
    } catch {
      setRefusal(uiMessages.uploadFailed);
      return;
    } finally {
      setUploading(false);
    }
    onChange([...current.current, ...uploaded]);
  };

  return (
    <Field {...fieldOf(item, refusal ?? error)}>
      {(control) => (
        <>
          <ul className="city-files">
            {files.map((file) => (
              <li key={file.url} className="city-file">
                {file.contentType?.startsWith('image/') && previewUrl(file) !== undefined ? <img src={previewUrl(file)} alt="" className="city-file__preview" /> : null}
                <span className="city-file__name">{file.name}</span>
                <button
                  type="button"
                  className="city-button city-button--secondary"
                  aria-label={uiMessages.removeNamedFile(file.name)}
                  disabled={disabled}
                  onClick={() => {
                    onChange(files.filter((candidate) => candidate !== file));
                    // The button is gone: keep the keyboard where the files are.
                    picker.current?.focus();
                  }}
                >
                  {uiMessages.removeFile}
                </button>
              </li>
            ))}
          </ul>
          {uploading ? <p className="city-field__counter" role="status">{uiMessages.uploading}</p> : null}
          <label className="city-button city-button--secondary city-file-picker">
            {uiMessages.addFile}
            <input
              {...control}
              ref={picker}
              type="file"
              multiple
              accept={accept.join(',')}
              disabled={disabled}
              className="city-visually-hidden"
              onChange={(event) => {
                const picked = Array.from(event.target.files ?? []);
                event.target.value = '';
                void add(picked);
              }}
            />
          </label>
        </>
      )}
    </Field>
  );
}
