import type { TextFormat, TextItem } from '@city/survey-core';
import type { InputHTMLAttributes } from 'react';
import { Field } from './field.js';
import type { ItemInputProps } from './item-input.js';
import { fieldOf, textControl } from './item-input.js';

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
