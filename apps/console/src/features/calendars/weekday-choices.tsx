import type { ReactNode } from 'react';
import { messages } from '../../messages.js';
import { WEEKDAYS_FROM_MONDAY } from './dates.js';

/** Weekday checkboxes, Monday first (the pattern's days, the calendar's closed weekdays); `children` under them (a problem). */
export function WeekdayChoices({
  legend,
  chosen,
  onChange,
  describedBy,
  children,
}: {
  legend: string;
  chosen: readonly number[];
  onChange: (weekdays: number[]) => void;
  describedBy?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <fieldset className="calendars-group" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <div className="console-filter__choices">
        {WEEKDAYS_FROM_MONDAY.map((weekday) => (
          <label key={weekday} className="console-check">
            <input
              type="checkbox"
              checked={chosen.includes(weekday)}
              onChange={(event) => {
                onChange(event.target.checked ? [...chosen, weekday] : chosen.filter((other) => other !== weekday));
              }}
            />
            {messages.calendarAdmin.weekdayNames[weekday]}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
