import type { TextFormat, TextItem, TextareaItem } from '@city/survey-core';
import { countCharacters } from '@city/survey-core';
import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { uiMessages } from '../messages.js';
import { Field } from './field.js';

/** Props every item input takes. */
export interface ItemInputProps<Item, Value> {
  item: Item;
  value: Value | undefined;
  onChange: (value: Value) => void;
  onBlur?: (() => void) | undefined;
  error?: string | undefined;
  /** Not editable: shown, not changeable (an `isNotEditable` item of a sent record). */
  disabled?: boolean | undefined;
}

/** The Field an item gets: its title as the label, 必須/任意, its description, and the error. */
export function fieldOf(item: { title: string; required?: boolean | undefined; description?: string | undefined }, error: string | undefined) {
  return { label: item.title, required: item.required, description: item.description, error };
}

/** What an input, select or textarea needs to show a text answer and report changes to it. */
export function textControl({ value, onChange, onBlur, disabled }: Omit<ItemInputProps<unknown, string>, 'item' | 'error'>) {
  return {
    value: value ?? '',
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      onChange(event.target.value);
    },
    onBlur,
  };
}

/** The keyboard and autofill each format wants on a phone. */
const FORMAT_ATTRIBUTES: Record<TextFormat, InputHTMLAttributes<HTMLInputElement>> = {
  plain: { type: 'text' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  number: { type: 'text', inputMode: 'decimal' },
  postalCode: { type: 'text', inputMode: 'numeric', autoComplete: 'postal-code' },
  address: { type: 'text', autoComplete: 'street-address' },
};

export function TextInput({ item, value, onChange, onBlur, error, disabled }: ItemInputProps<TextItem, string>) {
  return (
    <Field {...fieldOf(item, error)}>
      {(control) => (
        <input
          {...control}
          {...FORMAT_ATTRIBUTES[item.format ?? 'plain']}
          className="city-input"
          {...textControl({ value, onChange, onBlur, disabled })}
        />
      )}
    </Field>
  );
}

export function TextareaInput({ item, value, onChange, onBlur, error, disabled }: ItemInputProps<TextareaItem, string>) {
  const text = value ?? '';
  const counter =
    item.maxLength === undefined ? undefined : (
      <p className="city-field__counter">
        {uiMessages.characterCount(countCharacters(text), item.maxLength)}
      </p>
    );
  return (
    <Field {...fieldOf(item, error)} hint={counter}>
      {(control) => (
        <textarea
          {...control}
          className="city-input city-input--multiline"
          rows={5}
          {...textControl({ value, onChange, onBlur, disabled })}
        />
      )}
    </Field>
  );
}
