import type { RecordOrigin } from '@city/api-client/staff-contract';
import { RECORD_ORIGINS } from '@city/api-client/staff-contract';
import type { CheckStatus } from '@city/survey-core';
import { CHECK_STATUSES } from '@city/survey-core';
import { Button } from '@city/ui';
import type { SyntheticEvent } from 'react';
import type { FilterForm, FilterProblems } from '../../lib/record-filter.js';
import { messages } from '../../messages.js';
import type { StaffSurvey, StaffSurveyConfig } from '../../store/staff-api.js';

/**
 * Types the per-item filter leaves out: a guide has no answer, a file only its name, products are
 * the record's order (never answers), and a booking is found by the 予約日 range instead.
 */
const NOT_FILTERED = new Set(['guide', 'files', 'selectProducts', 'reservation']);

/** Items a filter can look into: every item answered with text or a choice. */
export const filterableItems = (survey: StaffSurvey) => survey.items.filter((item) => !NOT_FILTERED.has(item.type));

/** A choice item's options, from the survey's whole configuration (undefined for an item typed into). */
function optionsOf(config: StaffSurveyConfig | undefined, itemKey: string, type: string): readonly string[] | undefined {
  if (type !== 'radio' && type !== 'dropdown' && type !== 'checkboxes') return undefined;
  const item = config?.surveySchema.find((candidate) => candidate.itemKey === itemKey);
  return item !== undefined && 'options' in item ? item.options : [];
}

const toggled = <Value,>(values: readonly Value[], value: Value, on: boolean): Value[] => (on ? [...values, value] : values.filter((candidate) => candidate !== value));

interface RangeProps {
  id: string;
  legend: string;
  type: 'datetime-local' | 'date';
  from: string;
  to: string;
  problem: string | undefined;
  onChange: (from: string, to: string) => void;
}

/** A from-to pair; either end may stay empty. */
function Range({ id, legend, type, from, to, problem, onChange }: RangeProps) {
  const problemId = `${id}-problem`;
  return (
    <fieldset className="console-filter__range" aria-describedby={problem === undefined ? undefined : problemId}>
      <legend>{legend}</legend>
      <input
        type={type}
        className="city-input"
        aria-label={messages.rangeFromLabel(legend)}
        aria-invalid={problem === undefined ? undefined : true}
        value={from}
        onChange={(event) => { onChange(event.target.value, to); }}
      />
      <span aria-hidden="true">〜</span>
      <input
        type={type}
        className="city-input"
        aria-label={messages.rangeToLabel(legend)}
        aria-invalid={problem === undefined ? undefined : true}
        value={to}
        onChange={(event) => { onChange(from, event.target.value); }}
      />
      {problem === undefined ? null : (
        <p id={problemId} className="city-field__error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

export interface FilterFormProps {
  survey: StaffSurvey;
  /** The survey's whole configuration (choice items' options); undefined while it loads. */
  config: StaffSurveyConfig | undefined;
  form: FilterForm;
  problems: FilterProblems;
  onChange: (form: FilterForm) => void;
  onApply: () => void;
  onClear: () => void;
}

/** The results list's filter: any item's answer, the date-time ranges, statuses and origins (all must hold). */
export function FilterFormPanel({ survey, config, form, problems, onChange, onApply, onClear }: FilterFormProps) {
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form className="console-filter" onSubmit={submit} aria-labelledby="filter-heading">
      <h2 id="filter-heading">{messages.filterTitle}</h2>
      <fieldset className="console-filter__items">
        <legend>{messages.filterItems}</legend>
        {filterableItems(survey).map((item) => {
          const value = form.items[item.itemKey] ?? '';
          const set = (next: string) => { onChange({ ...form, items: { ...form.items, [item.itemKey]: next } }); };
          const options = optionsOf(config, item.itemKey, item.type);
          return (
            <label key={item.itemKey} className="console-filter__item">
              <span>{item.title}</span>
              {options === undefined ? (
                <input className="city-input" maxLength={200} value={value} onChange={(event) => { set(event.target.value); }} />
              ) : (
                // A choice is picked from the item's own options and matched exactly (満足 never finds やや満足).
                <select className="city-input" value={value} disabled={config === undefined} onChange={(event) => { set(event.target.value); }}>
                  <option value="">{messages.filterAnyOption}</option>
                  {options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              )}
            </label>
          );
        })}
      </fieldset>
      <div className="console-filter__ranges">
        <Range
          id="created"
          legend={messages.filterCreated}
          type="datetime-local"
          from={form.createdFrom}
          to={form.createdTo}
          problem={problems.created}
          onChange={(createdFrom, createdTo) => { onChange({ ...form, createdFrom, createdTo }); }}
        />
        <Range
          id="updated"
          legend={messages.filterUpdated}
          type="datetime-local"
          from={form.updatedFrom}
          to={form.updatedTo}
          problem={problems.updated}
          onChange={(updatedFrom, updatedTo) => { onChange({ ...form, updatedFrom, updatedTo }); }}
        />
        <Range
          id="slot-date"
          legend={messages.filterSlotDate}
          type="date"
          from={form.slotDateFrom}
          to={form.slotDateTo}
          problem={problems.slotDate}
          onChange={(slotDateFrom, slotDateTo) => { onChange({ ...form, slotDateFrom, slotDateTo }); }}
        />
      </div>
      <fieldset className="console-filter__choices">
        <legend>{messages.filterStatuses}</legend>
        {CHECK_STATUSES.map((status: CheckStatus) => (
          <label key={status} className="console-check">
            <input type="checkbox" checked={form.statuses.includes(status)} onChange={(event) => { onChange({ ...form, statuses: toggled(form.statuses, status, event.target.checked) }); }} />
            {status}
          </label>
        ))}
      </fieldset>
      <fieldset className="console-filter__choices">
        <legend>{messages.filterOrigins}</legend>
        {RECORD_ORIGINS.map((origin: RecordOrigin) => (
          <label key={origin} className="console-check">
            <input type="checkbox" checked={form.origins.includes(origin)} onChange={(event) => { onChange({ ...form, origins: toggled(form.origins, origin, event.target.checked) }); }} />
            {messages.origins[origin]}
          </label>
        ))}
      </fieldset>
      <div className="console-actions">
        <Button type="submit">{messages.filterApply}</Button>
        <Button variant="secondary" onClick={onClear}>
          {messages.filterClear}
        </Button>
      </div>
    </form>
  );
}
