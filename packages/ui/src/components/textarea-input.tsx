import type { TextareaItem } from '@city/survey-core';
import { countCharacters } from '@city/survey-core';
import { uiMessages } from '../messages.js';
import { Field } from './field.js';
import type { ItemInputProps } from './item-input.js';
import { fieldOf, textControl } from './item-input.js';

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
