import type { RadioItem } from '@city/survey-core';
import { useId } from 'react';
import { Field } from './field.js';
import type { ItemInputProps } from './item-input.js';
import { fieldOf } from './item-input.js';

/** One choice among options: native radios, so arrow keys move between them. */
export function RadioGroup({ item, value, onChange, onBlur, error, disabled }: ItemInputProps<RadioItem, string>) {
  const name = useId();
  return (
    <Field group {...fieldOf(item, error)}>
      {(control) => (
        <div className="city-choices" aria-invalid={control['aria-invalid']}>
          {item.options.map((option) => (
            <label key={option} className="city-choice">
              <input
                type="radio"
                name={name}
                value={option}
                checked={value === option}
                disabled={disabled}
                onChange={() => {
                  onChange(option);
                }}
                onBlur={onBlur}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
      )}
    </Field>
  );
}
