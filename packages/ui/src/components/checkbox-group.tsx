import type { CheckboxesItem } from '@city/survey-core';
import { uiMessages } from '../messages.js';
import { Field } from './field.js';
import type { ItemInputProps } from './item-input.js';
import { fieldOf } from './item-input.js';

/** Any number of options, up to `maxChoices`: once full, the others cannot be ticked. */
export function CheckboxGroup({ item, value, onChange, onBlur, error, disabled }: ItemInputProps<CheckboxesItem, string[]>) {
  const chosen = value ?? [];
  const full = item.maxChoices !== undefined && chosen.length >= item.maxChoices;
  const hint = item.maxChoices === undefined ? undefined : <p className="city-field__counter">{uiMessages.maxChoices(item.maxChoices)}</p>;
  return (
    <Field group {...fieldOf(item, error)} hint={hint}>
      {() => (
        <div className="city-choices">
          {item.options.map((option) => {
            const checked = chosen.includes(option);
            return (
              <label key={option} className="city-choice">
                <input
                  type="checkbox"
                  value={option}
                  checked={checked}
                  disabled={disabled || (full && !checked)}
                  onChange={() => {
                    // Keep the schema's order, whatever order they were ticked in.
                    const next = checked ? chosen.filter((candidate) => candidate !== option) : [...chosen, option];
                    onChange(item.options.filter((candidate) => next.includes(candidate)));
                  }}
                  onBlur={onBlur}
                />
                <span>{option}</span>
              </label>
            );
          })}
        </div>
      )}
    </Field>
  );
}
