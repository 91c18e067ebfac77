// Plain labelled controls for the console's forms. `focusKey` marks a control a form gives the focus to
// after a change moves or removes what had it (the survey editor's useFocusAfterRender).
import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '../messages.js';

interface FieldBase {
  label: string;
  /** Why the control is locked, or other help: read with the control. */
  note?: string | undefined;
  /** A note shown elsewhere that this control is read with (one note for two controls). */
  describedBy?: string | undefined;
  focusKey?: string;
  disabled?: boolean;
}

const describedByOf = (id: string, note: string | undefined, describedBy: string | undefined) => (note === undefined ? describedBy : `${id}-note`);

function Note({ id, note }: { id: string; note: string | undefined }) {
  return note === undefined ? null : (
    <p id={id} className="console-note">
      {note}
    </p>
  );
}

/** A one-line text; `problem` (the server's, say) is shown under it and read with it. */
export function TextField({
  label,
  note,
  describedBy,
  focusKey,
  disabled,
  value,
  onChange,
  readOnly,
  problem,
}: FieldBase & { value: string; onChange: (value: string) => void; readOnly?: boolean; problem?: string | undefined }) {
  const id = useId();
  return (
    <div className="console-field">
      <label className="console-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="city-input"
        data-focus={focusKey}
        value={value}
        readOnly={readOnly}
        disabled={disabled}
        aria-invalid={problem === undefined ? undefined : true}
        aria-describedby={[describedByOf(id, note, describedBy), problem === undefined ? undefined : `${id}-problem`].filter((part) => part !== undefined).join(' ') || undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <Note id={`${id}-note`} note={note} />
      {problem === undefined ? null : (
        <p id={`${id}-problem`} className="city-field__error">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * A few lines of text, at most `maxLength` characters. `problem` (a required reason left blank, say)
 * is shown under it, read with it, and announced when it appears.
 */
export function TextAreaField({
  label,
  value,
  onChange,
  maxLength,
  problem,
}: FieldBase & { value: string; onChange: (value: string) => void; maxLength?: number; problem?: string | undefined }) {
  const id = useId();
  return (
    <div className="console-field console-field--wide">
      <label className="console-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="city-input console-textarea"
        rows={2}
        maxLength={maxLength}
        value={value}
        aria-invalid={problem === undefined ? undefined : true}
        aria-describedby={problem === undefined ? undefined : `${id}-problem`}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {problem === undefined ? null : (
        <p id={`${id}-problem`} className="city-field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** A count (0 or more, whole numbers); empty for none. The range is the problems' to check, not the typing's. */
export function NumberField({ label, focusKey, value, onChange, min = 0, disabled }: FieldBase & { value: number | undefined; onChange: (value: number | undefined) => void; min?: number }) {
  const id = useId();
  return (
    <div className="console-field">
      <label className="console-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="city-input console-input--number"
        type="number"
        inputMode="numeric"
        min={min}
        step={1}
        data-focus={focusKey}
        disabled={disabled}
        value={value ?? ''}
        onChange={(event) => {
          const number = Number(event.target.value);
          onChange(event.target.value.trim() === '' || !Number.isFinite(number) ? undefined : Math.max(0, Math.trunc(number)));
        }}
      />
    </div>
  );
}

export function CheckField({ label, checked, onChange, disabled, note }: FieldBase & { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="console-field console-field--wide">
      <label className="console-check">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={note === undefined ? undefined : `${id}-note`}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
        />
        {label}
      </label>
      <Note id={`${id}-note`} note={note} />
    </div>
  );
}

export function SelectField({ label, note, describedBy, focusKey, disabled, value, onChange, children }: FieldBase & { value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="console-field">
      <label className="console-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="city-input"
        data-focus={focusKey}
        value={value}
        disabled={disabled}
        aria-describedby={describedByOf(id, note, describedBy)}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {children}
      </select>
      <Note id={`${id}-note`} note={note} />
    </div>
  );
}

/** Ticks among choices (teams, items): a fieldset whose legend names them. */
export function CheckList({ legend, choices, chosen, onChange, empty, disabled, note }: { legend: string; choices: readonly { value: string; label: string }[]; chosen: readonly string[]; onChange: (chosen: string[]) => void; empty?: string; disabled?: boolean; note?: string | undefined }) {
  const id = useId();
  return (
    <fieldset className="console-field console-field--wide console-choices" aria-describedby={note === undefined ? undefined : `${id}-note`}>
      <legend className="console-label">{legend}</legend>
      {choices.length === 0 ? <p className="console-note">{empty}</p> : null}
      <div className="console-filter__choices">
        {choices.map((choice) => (
          <label key={choice.value} className="console-check">
            <input
              type="checkbox"
              checked={chosen.includes(choice.value)}
              disabled={disabled}
              onChange={(event) => {
                onChange(event.target.checked ? [...chosen, choice.value] : chosen.filter((value) => value !== choice.value));
              }}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <Note id={`${id}-note`} note={note} />
    </fieldset>
  );
}

/**
 * Focus for after the next render: the first of the selectors (`data-focus` keys) that finds an
 * enabled control in the container. A button that moved an entry keeps the focus where the entry
 * went; a removed entry's focus goes to its neighbour.
 */
export function useFocusAfterRender<Container extends HTMLElement>() {
  const container = useRef<Container>(null);
  const [request, setRequest] = useState<{ keys: string[] } | null>(null);
  useEffect(() => {
    if (request === null) return;
    for (const key of request.keys) {
      const element = container.current?.querySelector<HTMLElement>(`[data-focus="${key}"]`);
      if (element !== null && element !== undefined && !element.matches(':disabled')) {
        element.focus();
        return;
      }
    }
  }, [request]);
  const focus = (...keys: string[]) => {
    setRequest({ keys });
  };
  return { container, focus };
}

/** 上へ・下へ・削除 for an entry of a list (items, options, products), each button naming the entry. */
export function ListButtons({ name, index, count, focusKey, onMove, onRemove }: { name: string; index: number; count: number; focusKey: string; onMove: (delta: -1 | 1) => void; onRemove: () => void }) {
  return (
    <div className="console-list-buttons">
      <button type="button" className="city-button city-button--secondary console-small-button" data-focus={`${focusKey}:up`} aria-label={messages.moveUpLabel(name)} disabled={index === 0} onClick={() => { onMove(-1); }}>
        {messages.moveUp}
      </button>
      <button type="button" className="city-button city-button--secondary console-small-button" data-focus={`${focusKey}:down`} aria-label={messages.moveDownLabel(name)} disabled={index === count - 1} onClick={() => { onMove(1); }}>
        {messages.moveDown}
      </button>
      <button type="button" className="city-button city-button--secondary console-small-button" data-focus={`${focusKey}:remove`} aria-label={messages.removeLabel(name)} onClick={onRemove}>
        {messages.remove}
      </button>
    </div>
  );
}

/** Where the focus goes once an entry moved: its button in the direction it went, or the other one at an end. */
export const movedFocusKeys = (focusKey: string, delta: -1 | 1) => (delta < 0 ? [`${focusKey}:up`, `${focusKey}:down`] : [`${focusKey}:down`, `${focusKey}:up`]);
