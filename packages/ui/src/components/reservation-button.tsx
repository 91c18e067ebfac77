import type { ReservationItem } from '@city/survey-core';
import { uiMessages } from '../messages.js';
import { Field } from './field.js';
import type { ItemInputProps } from './item-input.js';
import { fieldOf } from './item-input.js';

/** The calendar slot of a reservation item: what is chosen, and a button to choose or change it. */
export function ReservationButton({
  item,
  value,
  slotLabel,
  onChoose,
  error,
  disabled,
}: Omit<ItemInputProps<ReservationItem, string>, 'onChange'> & {
  /** How the chosen slot reads, e.g. 12月1日（火）10:00〜10:30. */
  slotLabel?: string | undefined;
  /** Opens the calendar. */
  onChoose: () => void;
}) {
  const chosen = value !== undefined && value !== '';
  return (
    // A fieldset, so the button keeps its own words (選ぶ / 変更する) as its name.
    <Field group {...fieldOf(item, error)}>
      {(control) => (
        <>
          {chosen ? <p className="city-slot">{uiMessages.chosenSlot(slotLabel ?? value)}</p> : null}
          <button
            type="button"
            className="city-button city-button--secondary"
            aria-describedby={control['aria-describedby']}
            disabled={disabled}
            onClick={onChoose}
          >
            {chosen ? uiMessages.changeSlot : uiMessages.chooseSlot}
          </button>
        </>
      )}
    </Field>
  );
}
