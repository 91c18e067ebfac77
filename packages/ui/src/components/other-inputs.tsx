import type { FileRef, FilesItem, GuideItem, Product, ReservationItem, SelectProductsItem } from '@city/survey-core';
import { Fragment, useRef, useState } from 'react';
import { uiMessages } from '../messages.js';
import { formatYen, orderTotal } from '../yen.js';
import { Field } from './field.js';
import type { ItemInputProps } from './text-inputs.js';
import { fieldOf } from './text-inputs.js';

// ASCII only, so Japanese text and full-width brackets after an address are not swallowed;
// trailing punctuation is not part of it either.
const URL_PATTERN = /(https:\/\/[\x21-\x7E]*[A-Za-z0-9/#=_-])/g;

/**
 * A guide's text, shown read-only. Rendered as text, never as HTML: blank lines make paragraphs,
 * line breaks stay, and https:// addresses become links (opening outside the form).
 */
export function GuideContent({ item }: { item: GuideItem }) {
  const paragraphs = (item.description ?? '').split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <section className="city-guide" aria-label={item.title}>
      <h2 className="city-guide__title">{item.title}</h2>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          {paragraph.split('\n').map((line, lineIndex) => (
            <Fragment key={lineIndex}>
              {lineIndex > 0 ? <br /> : null}
              {line.split(URL_PATTERN).map((part, partIndex) =>
                partIndex % 2 === 1 ? (
                  <a key={partIndex} href={part} target="_blank" rel="noopener noreferrer">
                    {part}
                  </a>
                ) : (
                  part
                ),
              )}
            </Fragment>
          ))}
        </p>
      ))}
    </section>
  );
}

/** The calendar slot of a reservation item: what is chosen, and a button to choose or change it. */
export function ReservationButton({
  item,
  value,
  slotLabel,
  onChoose,
  error,
  disabled,
}: Omit<ItemInputProps<ReservationItem, string>, 'onChange'> & {
  /** How the chosen slot reads, e.g. 12月1日（火）10:00〜10:30. */
  slotLabel?: string | undefined;
  /** Opens the calendar. */
  onChoose: () => void;
}) {
  const chosen = value !== undefined && value !== '';
  return (
    // A fieldset, so the button keeps its own words (選ぶ / 変更する) as its name.
    <Field group {...fieldOf(item, error)}>
      {(control) => (
        <>
          {chosen ? <p className="city-slot">{uiMessages.chosenSlot(slotLabel ?? value)}</p> : null}
          <button
            type="button"
            className="city-button city-button--secondary"
            aria-describedby={control['aria-describedby']}
            disabled={disabled}
            onClick={onChoose}
          >
            {chosen ? uiMessages.changeSlot : uiMessages.chooseSlot}
          </button>
        </>
      )}
    </Field>
  );
}

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

/**
 * Products with quantity steppers, each 税込 unit price and the running total. The answer lists
 * one product id per unit (`['p1', 'p1']` is two of p1), as @city/survey-core reads it.
 */
export function ProductSelection({ item, value, onChange, error, disabled }: ItemInputProps<SelectProductsItem, string[]>) {
  const units = value ?? [];
  const quantity = (product: Product) => units.filter((id) => id === product.productId).length;
  const setQuantity = (product: Product, next: number) => {
    onChange(item.products.flatMap((candidate) => Array.from({ length: candidate === product ? next : quantity(candidate) }, () => candidate.productId)));
  };
  const total = orderTotal(item.products, {
    items: item.products.map((product) => ({ productId: product.productId, quantity: quantity(product) })),
  });
  return (
    <Field group {...fieldOf(item, error)}>
      {() => (
        <>
          <ul className="city-products">
            {item.products.map((product) => {
              const count = quantity(product);
              return (
                <li key={product.productId} className="city-product">
                  <div>
                    <p className="city-product__name">{product.name}</p>
                    <p className="city-field__description">{uiMessages.unitPrice(formatYen(product.unitPrice))}</p>
                  </div>
                  <div className="city-stepper">
                    {/* aria-disabled, not disabled: the button keeps the focus at 0 and 99. */}
                    <button type="button" className="city-button city-button--secondary" aria-label={uiMessages.decrease(product.name)} aria-disabled={disabled || count === 0} onClick={() => { if (!disabled && count > 0) setQuantity(product, count - 1); }}>
                      −
                    </button>
                    <output aria-label={uiMessages.partOf(product.name, uiMessages.quantity)}>{count}</output>
                    <button type="button" className="city-button city-button--secondary" aria-label={uiMessages.increase(product.name)} aria-disabled={disabled || count >= 99} onClick={() => { if (!disabled && count < 99) setQuantity(product, count + 1); }}>
                      ＋
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <p className="city-products__total" aria-live="polite">
            {uiMessages.total} {formatYen(total)}（{uiMessages.taxIncluded}）
          </p>
        </>
      )}
    </Field>
  );
}
