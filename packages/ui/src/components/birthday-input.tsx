import type { BirthdayItem } from '@city/survey-core';
import { todayInJapan } from '@city/survey-core';
import type { FocusEvent } from 'react';
import { useEffect, useState } from 'react';
import { uiMessages } from '../messages.js';
import { formatSeireki, formatWareki, JAPANESE_ERAS } from '../wareki.js';
import { Field } from './field.js';
import type { ItemInputProps } from './item-input.js';
import { fieldOf } from './item-input.js';

const OLDEST_YEAR = 1912; // 大正元年: the oldest living citizens were born then

/** `2019年（平成31年／令和元年）`: a year shows every era it belongs to. */
export function yearLabel(year: number): string {
  const eras = JAPANESE_ERAS.filter((era) => {
    const startYear = Number(era.start.slice(0, 4));
    const next = JAPANESE_ERAS[JAPANESE_ERAS.indexOf(era) - 1];
    const endYear = next === undefined ? Number.POSITIVE_INFINITY : Number(next.start.slice(0, 4));
    return year >= startYear && year <= endYear;
  })
    .reverse()
    .map((era) => {
      const eraYear = year - Number(era.start.slice(0, 4)) + 1;
      return `${era.name}${eraYear === 1 ? '元' : String(eraYear)}${uiMessages.year}`;
    });
  return `${year}${uiMessages.year}（${eras.join('／')}）`;
}

/** `[['1', '1月'], ['2', '2月'], …]`. */
const numbered = (count: number, unit: string): [string, string][] =>
  Array.from({ length: count }, (_, index) => [String(index + 1), `${String(index + 1)}${unit}`]);

/** One of the three selects: year, month or day. */
function PartSelect(props: {
  label: string;
  placeholder: string;
  choices: [value: string, label: string][];
  value: string;
  invalid: boolean | undefined;
  disabled: boolean | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <select
      className="city-input"
      aria-label={props.label}
      aria-invalid={props.invalid}
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => {
        props.onChange(event.target.value);
      }}
    >
      <option value="">{props.placeholder}</option>
      {props.choices.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (value: number) => String(value).padStart(2, '0');

interface Parts {
  year: string;
  month: string;
  day: string;
}

function partsOf(value: string | undefined): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return match === null ? { year: '', month: '', day: '' } : { year: match[1] ?? '', month: String(Number(match[2])), day: String(Number(match[3])) };
}

/**
 * A date of birth picked as year, month and day, with 西暦 and 和暦 shown side by side. Sends
 * `YYYY-MM-DD` once all three are chosen, '' when none is, and the half-made date (`1990-04-`)
 * in between, so validation asks for the rest instead of the answer quietly vanishing.
 */
export function BirthdayInput({
  item,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  // The year in Japan, not in the clock's own zone: a page rendered on a server in UTC and the
  // phone that takes it over must list the same years (on 1 January before 09:00 they differed).
  thisYear = Number(todayInJapan().slice(0, 4)),
}: ItemInputProps<BirthdayItem, string> & { thisYear?: number }) {
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  // A complete date given from outside (a record being edited, loaded late) is shown as given.
  useEffect(() => {
    const given = partsOf(value);
    if (given.year !== '') setParts(given);
  }, [value]);
  const years = Array.from({ length: thisYear - OLDEST_YEAR + 1 }, (_, index) => thisYear - index);
  const lastDay = parts.year !== '' && parts.month !== '' ? daysIn(Number(parts.year), Number(parts.month)) : 31;

  const update = (next: Parts) => {
    // A day the new month lacks (2月30日) is cleared rather than silently moved.
    const fixed = next.year !== '' && next.month !== '' && Number(next.day) > daysIn(Number(next.year), Number(next.month)) ? { ...next, day: '' } : next;
    setParts(fixed);
    const none = fixed.year === '' && fixed.month === '' && fixed.day === '';
    const part = (text: string) => (text === '' ? '' : pad(Number(text)));
    onChange(none ? '' : `${fixed.year}-${part(fixed.month)}-${part(fixed.day)}`);
  };
  const iso = value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  // The group is left when the focus goes somewhere outside all three selects.
  const leaveGroup = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onBlur?.();
  };
  const shown = iso === undefined ? undefined : `${formatSeireki(iso) ?? ''}（${formatWareki(iso) ?? ''}）`;

  return (
    <Field group {...fieldOf(item, error)}>
      {(control) => (
        <>
          <div className="city-birthday" onBlur={leaveGroup}>
            <PartSelect
              label={uiMessages.partOf(item.title, uiMessages.year)}
              placeholder={uiMessages.year}
              choices={years.map((year) => [String(year), yearLabel(year)])}
              value={parts.year}
              invalid={control['aria-invalid']}
              disabled={disabled}
              onChange={(year) => { update({ ...parts, year }); }}
            />
            <PartSelect
              label={uiMessages.partOf(item.title, uiMessages.month)}
              placeholder={uiMessages.month}
              choices={numbered(12, uiMessages.month)}
              value={parts.month}
              invalid={control['aria-invalid']}
              disabled={disabled}
              onChange={(month) => { update({ ...parts, month }); }}
            />
            <PartSelect
              label={uiMessages.partOf(item.title, uiMessages.day)}
              placeholder={uiMessages.day}
              choices={numbered(lastDay, uiMessages.day)}
              value={parts.day}
              invalid={control['aria-invalid']}
              disabled={disabled}
              onChange={(day) => { update({ ...parts, day }); }}
            />
          </div>
          {shown === undefined ? null : (
            <p className="city-field__counter" aria-live="polite">
              {shown}
            </p>
          )}
        </>
      )}
    </Field>
  );
}
