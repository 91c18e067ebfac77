import type { DateItem } from '@city/survey-core';
import { Field } from './field.js';
import type { ItemInputProps } from './item-input.js';
import { fieldOf, textControl } from './item-input.js';

/** A calendar date (`YYYY-MM-DD`), with the phone's own date picker. */
export function DateInput({ item, value, onChange, onBlur, error, disabled }: ItemInputProps<DateItem, string>) {
  return (
    <Field {...fieldOf(item, error)}>
      {(control) => (
        <input
          {...control}
          type="date"
          className="city-input"
          {...textControl({ value, onChange, onBlur, disabled })}
        />
      )}
    </Field>
  );
}
