import type { CheckboxesItem, DateItem, DropdownItem, RadioItem } from '@city/survey-core';
import { useId } from 'react';
import { uiMessages } from '../messages.js';
import { Field } from './field.js';
import type { ItemInputProps } from './text-inputs.js';
import { fieldOf, textControl } from './text-inputs.js';

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
