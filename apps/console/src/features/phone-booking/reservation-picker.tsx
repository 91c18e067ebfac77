import type { ReservationItem, SlotRef } from '@city/survey-core';
import { addDaysToDate, todayInJapan } from '@city/survey-core';
import { Field, formatSlotLabel, SlotWeek } from '@city/ui';
import { useEffect, useId, useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { messages } from '../../messages.js';
import { useStaffCalendarCategoriesQuery, useStaffCalendarSlotsQuery } from '../../store/staff-api.js';
import { bookableCategoriesFor, categoryLabel } from './reservation-categories.js';

/** Units one booking takes when the item says nothing (spec: reservation item cost). */
const DEFAULT_COST = 1;

/** A slot chosen for a reservation item, with what staff read back to the caller. */
export interface ChosenSlot {
  ref: SlotRef;
  /** `12月1日（火）10:00〜11:00`. */
  label: string;
}

interface ReservationPickerProps {
  item: ReservationItem;
  value: ChosenSlot | undefined;
  error: string | undefined;
  /** A slot chosen, or none (the venue changed: a slot of another venue is never booked unseen). */
  onChange: (slot: ChosenSlot | undefined) => void;
}

/**
 * A reservation item: a bookable category at or below the item's own (preselected when there is
 * only one), then a slot on a week of its calendar (SlotWeek), counted at the item's cost.
 */
export function ReservationPicker({ item, value, error, onChange }: ReservationPickerProps) {
  const categories = useStaffCalendarCategoriesQuery(undefined);
  const bookable = bookableCategoriesFor(categories.data?.categories ?? [], item.categoryId);
  const [picked, setPicked] = useState(value?.ref.categoryId ?? '');
  const only = bookable.length === 1 ? bookable[0]?.categoryId : undefined;
  const categoryId = picked === '' ? (only ?? '') : picked;
  const category = bookable.find((candidate) => candidate.categoryId === categoryId);
  const selectId = useId();
  return (
    <Field group label={item.title} required={item.required} description={item.description} error={error}>
      {() => (
        <div className="console-reservation">
          {categories.error === undefined ? null : (
            <CallFailure
              error={categories.error}
              onRetry={() => {
                void categories.refetch();
              }}
            />
          )}
          {categories.data !== undefined && bookable.length === 0 ? <p>{messages.reservationNoCategory}</p> : null}
          <label className="console-label" htmlFor={selectId}>
            {messages.reservationCategory}
          </label>
          <select
            id={selectId}
            className="city-input"
            value={categoryId}
            onChange={(event) => {
              setPicked(event.target.value);
              // The slot chosen belongs to the venue left: it is dropped, never booked unseen.
              if (value !== undefined && value.ref.categoryId !== event.target.value) onChange(undefined);
            }}
          >
            <option value="">{messages.reservationChooseCategory}</option>
            {bookable.map((candidate) => (
              <option key={candidate.categoryId} value={candidate.categoryId}>
                {categoryLabel(candidate)}
              </option>
            ))}
          </select>
          {category?.calendarId === undefined ? null : (
            <Week key={category.calendarId} calendarId={category.calendarId} categoryId={category.categoryId} cost={item.cost ?? DEFAULT_COST} value={value} onChange={onChange} />
          )}
          <p className="console-reservation__chosen" aria-live="polite">
            {value === undefined ? messages.reservationNotChosen : messages.reservationChosen(value.label)}
          </p>
        </div>
      )}
    </Field>
  );
}

/** Seven days from `start`. */
const sevenDaysFrom = (start: string) => Array.from({ length: 7 }, (_unused, index) => addDaysToDate(start, index));

interface WeekProps {
  calendarId: string;
  categoryId: string;
  cost: number;
  value: ChosenSlot | undefined;
  onChange: (slot: ChosenSlot) => void;
}

function Week({ calendarId, categoryId, cost, value, onChange }: WeekProps) {
  // Weeks count from the server's today in Japan (the slots answer says which day that is).
  const [today, setToday] = useState(() => todayInJapan());
  const [week, setWeek] = useState(0);
  const start = addDaysToDate(today, week * 7);
  const dates = sevenDaysFrom(start);
  const slots = useStaffCalendarSlotsQuery({ calendarId, from: start, to: addDaysToDate(start, 6) });
  const serverToday = slots.data?.today;
  useEffect(() => {
    if (serverToday !== undefined && serverToday !== today && week === 0) setToday(serverToday);
  }, [serverToday, today, week]);
  const selected = value?.ref.categoryId === categoryId ? value.ref : undefined;
  const windowEnd = slots.data === undefined ? undefined : addDaysToDate(slots.data.today, slots.data.rules.bookingOpensDaysAhead);
  return (
    <SlotWeek
      dates={dates}
      slots={slots.data?.slots ?? []}
      closedDays={slots.data?.closedDays ?? []}
      cost={cost}
      selected={selected}
      state={slots.error !== undefined ? 'error' : slots.isFetching && slots.data === undefined ? 'loading' : 'ready'}
      onRetry={() => {
        void slots.refetch();
      }}
      onSelect={(slot) => { onChange({ ref: { categoryId, date: slot.date, slotId: slot.slotId }, label: formatSlotLabel(slot) }); }}
      onPreviousWeek={week > 0 ? () => { setWeek(week - 1); } : undefined}
      onNextWeek={windowEnd === undefined || (dates[6] ?? start) < windowEnd ? () => { setWeek(week + 1); } : undefined}
    />
  );
}
