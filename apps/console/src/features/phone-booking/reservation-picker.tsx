import type { SlotRef } from '@city/survey-core';
import { addDaysToDate, todayInJapan } from '@city/survey-core';
import { formatSlotLabel, SlotWeek } from '@city/ui';
import { useEffect, useId, useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { messages } from '../../messages.js';
import type { CalendarCategories } from '../../store/staff-api.js';
import { useStaffCalendarCategoriesQuery, useStaffCalendarSlotsQuery } from '../../store/staff-api.js';

type Category = CalendarCategories['categories'][number];

/** A bookable category as staff read it: its levels joined (健康診断 / 特定健診 / 中央保健センター). */
const categoryLabel = (category: Category) => [category.tag1, category.tag2, category.tag3].filter((tag) => tag !== undefined && tag !== '').join(' / ');

/**
 * Units one booking takes. The staff survey list gives no reservation item's cost (nor the
 * category it books in), so the default cost is assumed; the server checks the real one.
 */
const ASSUMED_COST = 1;

/** A slot chosen for a reservation item, with what staff read back to the caller. */
export interface ChosenSlot {
  ref: SlotRef;
  /** `12月1日（火）10:00〜11:00`. */
  label: string;
}

interface ReservationPickerProps {
  title: string;
  value: ChosenSlot | undefined;
  error: string | undefined;
  onChange: (slot: ChosenSlot) => void;
}

/** A reservation item: a bookable category, then a slot on a week of its calendar (SlotWeek). */
export function ReservationPicker({ title, value, error, onChange }: ReservationPickerProps) {
  const categories = useStaffCalendarCategoriesQuery(undefined);
  const bookable = (categories.data?.categories ?? []).filter((category) => category.calendarId !== undefined);
  const [categoryId, setCategoryId] = useState(value?.ref.categoryId ?? '');
  const category = bookable.find((candidate) => candidate.categoryId === categoryId);
  const selectId = useId();
  const errorId = useId();
  return (
    <fieldset className="console-reservation" aria-describedby={error === undefined ? undefined : errorId}>
      <legend className="city-field__label">{title}</legend>
      {categories.error === undefined ? null : (
        <CallFailure
          error={categories.error}
          onRetry={() => {
            void categories.refetch();
          }}
        />
      )}
      <label className="console-label" htmlFor={selectId}>
        {messages.reservationCategory}
      </label>
      <select id={selectId} className="city-input" value={categoryId} onChange={(event) => { setCategoryId(event.target.value); }}>
        <option value="">{messages.reservationChooseCategory}</option>
        {bookable.map((candidate) => (
          <option key={candidate.categoryId} value={candidate.categoryId}>
            {categoryLabel(candidate)}
          </option>
        ))}
      </select>
      {category?.calendarId === undefined ? null : <Week key={category.calendarId} calendarId={category.calendarId} categoryId={category.categoryId} value={value} onChange={onChange} />}
      <p className="console-reservation__chosen" aria-live="polite">
        {value === undefined ? messages.reservationNotChosen : messages.reservationChosen(value.label)}
      </p>
      {error === undefined ? null : (
        <p id={errorId} className="city-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Seven days from `start`. */
const sevenDaysFrom = (start: string) => Array.from({ length: 7 }, (_unused, index) => addDaysToDate(start, index));

function Week({ calendarId, categoryId, value, onChange }: { calendarId: string; categoryId: string; value: ChosenSlot | undefined; onChange: (slot: ChosenSlot) => void }) {
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
        cost={ASSUMED_COST}
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
