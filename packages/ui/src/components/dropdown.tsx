import type { DropdownItem } from '@city/survey-core';
import { uiMessages } from '../messages.js';
import { Field } from './field.js';
import type { ItemInputProps } from './item-input.js';
import { fieldOf, textControl } from './item-input.js';

export function Dropdown({ item, value, onChange, onBlur, error, disabled }: ItemInputProps<DropdownItem, string>) {
  return (
    <Field {...fieldOf(item, error)}>
      {(control) => (
        <select
          {...control}
          className="city-input"
          {...textControl({ value, onChange, onBlur, disabled })}
        >
          <option value="">{uiMessages.choose}</option>
          {item.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
