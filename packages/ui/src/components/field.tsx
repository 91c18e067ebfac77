import type { ReactNode } from 'react';
import { useId } from 'react';
import { uiMessages } from '../messages.js';

/** What a control inside a Field needs to be labelled and described for screen readers. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean | undefined;
  'aria-required': boolean | undefined;
}

export interface FieldProps {
  label: string;
  required?: boolean | undefined;
  description?: string | undefined;
  /** The Japanese message to show (from validateAnswers); the control is marked invalid. */
  error?: string | undefined;
  /** A group of radios or checkboxes: a fieldset whose legend is the label. */
  group?: boolean;
  /** Extra text under the control, such as a character counter. */
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** The frame of every survey item: label, 必須/任意, description, the control, and its error. */
export function Field({ label, required, description, error, group = false, hint, children }: FieldProps) {
  const id = useId();
  const descriptionId = description === undefined ? undefined : `${id}-description`;
  const errorId = error === undefined ? undefined : `${id}-error`;
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const describedBy = [descriptionId, hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id: `${id}-control`,
    'aria-describedby': describedBy,
    'aria-invalid': error === undefined ? undefined : true,
    'aria-required': required ? true : undefined,
  };
  const badge = (
    <span className={required ? 'city-badge city-badge--required' : 'city-badge'}>
      {required ? uiMessages.required : uiMessages.optional}
    </span>
  );
  const body = (
    <>
      {description === undefined ? null : (
        <p id={descriptionId} className="city-field__description">
          {description}
        </p>
      )}
      {children(control)}
      {hint === undefined ? null : <div id={hintId}>{hint}</div>}
      {/* Not a live region: the form's summary announces problems once, and each message is
          read with its field (aria-describedby) when the citizen gets there. */}
      {error === undefined ? null : (
        <p id={errorId} className="city-field__error">
          {error}
        </p>
      )}
    </>
  );
  return group ? (
    <fieldset className="city-field" aria-describedby={describedBy}>
      <legend className="city-field__label">
        {label}
        {badge}
      </legend>
      {body}
    </fieldset>
  ) : (
    <div className="city-field">
      <label className="city-field__label" htmlFor={control.id}>
        {label}
        {badge}
      </label>
      {body}
    </div>
  );
}
