import type { SurveySchemaItem } from '@city/survey-core';
import { BirthdayInput, CheckboxGroup, DateInput, Dropdown, Field, GuideContent, ProductSelection, RadioGroup, TextareaInput, TextInput } from '@city/ui';
import { messages } from '../../messages.js';
import type { ChosenSlot } from './reservation-picker.js';
import { ReservationPicker } from './reservation-picker.js';

interface BookingItemInputProps {
  item: SurveySchemaItem;
  value: string | string[] | undefined;
  slot: ChosenSlot | undefined;
  error: string | undefined;
  onChange: (value: string | string[]) => void;
  onSlotChange: (slot: ChosenSlot | undefined) => void;
}

/**
 * One item of the phone-booking form with @city/ui's field for its type (the citizen app's, so
 * staff see the same options, formats and 必須 marks), except a reservation (a venue and a week of
 * slots here, not the citizen's calendar screens) and files (staff cannot attach a citizen's files).
 */
export function BookingItemInput({ item, value, slot, error, onChange, onSlotChange }: BookingItemInputProps) {
  const text = typeof value === 'string' ? value : undefined;
  const list = Array.isArray(value) ? value : undefined;
  const common = { error, onChange };
  switch (item.type) {
    case 'text':
      return <TextInput item={item} value={text} {...common} />;
    case 'textarea':
      return <TextareaInput item={item} value={text} {...common} />;
    case 'radio':
      return <RadioGroup item={item} value={text} {...common} />;
    case 'checkboxes':
      return <CheckboxGroup item={item} value={list} {...common} />;
    case 'dropdown':
      return <Dropdown item={item} value={text} {...common} />;
    case 'date':
      return <DateInput item={item} value={text} {...common} />;
    case 'birthday':
      return <BirthdayInput item={item} value={text} {...common} />;
    case 'selectProducts':
      return (
        <>
          <ProductSelection item={item} value={list} {...common} />
          <p className="console-note">{messages.phoneBookingPayAtWindow}</p>
        </>
      );
    case 'guide':
      return <GuideContent item={item} />;
    case 'reservation':
      return <ReservationPicker item={item} value={slot} error={error} onChange={onSlotChange} />;
    case 'files':
      return (
        <Field group label={item.title} required={item.required} description={item.description} error={error}>
          {() => <p className="console-note">{messages.phoneBookingFilesSkipped}</p>}
        </Field>
      );
  }
}
