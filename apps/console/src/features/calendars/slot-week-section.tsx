import { Button, Dialog, Loading } from '@city/ui';
import { addDaysToDate, japaneseWeekday, todayInJapan } from '@city/survey-core';
import { useId, useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { messages } from '../../messages.js';
import type { StaffCallError } from '../../store/base-query.js';
import type { AdminSlot, CalendarAdminSlots, ClosedDay } from './calendar-admin-api.js';
import { useStaffDeleteSlotsMutation, useStaffPutSlotsMutation } from './calendar-admin-api.js';
import { addMonths, dateWithWeekday, firstWeekOf, mondayOf, monthLabel, monthOfWeek, monthRange, weekDates } from './dates.js';
import { DoneMessage } from '../../components/done-message.js';
import { downloadExport } from './files.js';
import { Refusal } from '../../components/refusal.js';
import { changedCapacities, gridRows, parseCapacity, slotKey } from './slot-grid.js';

const text = messages.calendarAdmin;

const slotName = (slot: AdminSlot) => `${dateWithWeekday(slot.date)}${slot.start}〜${slot.end}`;

/** Why a day is closed, as its column says it. */
const closedText = (day: ClosedDay) => (day.reason === 'holiday' ? text.closedHoliday(day.holidayName ?? '') : day.reason === 'weekday' ? text.closedWeekday : text.closedDate);

interface Props {
  calendarId: string;
  /** The Monday of the week shown. */
  week: string;
  onWeek: (monday: string) => void;
  /** The slots and closed days of the week's month grid, once read. */
  data: CalendarAdminSlots | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/**
 * The slots of one week as a grid: a row per slot time, a column per day (closed days say why),
 * each slot with its capacity to edit, what is booked (予約), and a box to select it for deleting.
 * Capacities typed are kept until saved all at once (across weeks); a refusal lists the slots with
 * bookings in the way beside the buttons, and nothing is changed then.
 */
export function SlotWeekSection({ calendarId, week, onWeek, data, loading, error, onRetry }: Props) {
  const id = useId();
  const dates = weekDates(week);
  const month = monthOfWeek(week);
  // Typed capacities and selected slots, by slot key, with the slot itself (it may be in another week).
  const [drafts, setDrafts] = useState<Record<string, { slot: AdminSlot; text: string }>>({});
  const [selected, setSelected] = useState<Record<string, AdminSlot>>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [exportError, setExportError] = useState<StaffCallError | undefined>(undefined);
  const [put, putting] = useStaffPutSlotsMutation();
  const [remove, removing] = useStaffDeleteSlotsMutation();
  const [refused, setRefused] = useState<unknown>(undefined);
  const [done, setDone] = useState('');

  const draftSlots = Object.values(drafts);
  const { changes, invalid } = changedCapacities(
    draftSlots.map((draft) => draft.slot),
    Object.fromEntries(draftSlots.map((draft) => [slotKey(draft.slot), draft.text])),
  );
  const selectedSlots = Object.values(selected);
  const rows = gridRows(data?.slots ?? [], dates);
  const closedOn = new Map((data?.closedDays ?? []).map((day) => [day.date, day]));

  const saveCapacities = async () => {
    setRefused(undefined);
    setDone('');
    if (invalid.length > 0 || changes.length === 0) return;
    const outcome = await put({ calendarId, slots: changes.map(({ date, slotId, start, end, capacity }) => ({ date, slotId, start, end, capacity })) });
    if (outcome.error !== undefined) {
      setRefused(outcome.error);
      return;
    }
    setDrafts({});
    setDone(text.capacitiesSaved(outcome.data.changed));
  };
  const deleteSelected = async () => {
    setConfirmingDelete(false);
    setRefused(undefined);
    setDone('');
    const outcome = await remove({ calendarId, slots: selectedSlots.map(({ date, slotId }) => ({ date, slotId })) });
    if (outcome.error !== undefined) {
      setRefused(outcome.error);
      return;
    }
    setSelected({});
    setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in selected))));
    setDone(text.slotsDeleted(outcome.data.deleted));
  };
  const exportMonth = async () => {
    setExportError(await downloadExport({ endpoint: 'staffExportSlots', params: { calendarId }, query: monthRange(month) }, `${calendarId}.csv`));
  };

  const slotCell = (slot: AdminSlot) => {
    const key = slotKey(slot);
    const draft = drafts[key]?.text ?? String(slot.capacity);
    const wrong = parseCapacity(draft) === undefined;
    const below = !wrong && (parseCapacity(draft) ?? 0) < slot.booked;
    return (
      <div key={key} className={`calendars-slot${drafts[key] !== undefined && parseCapacity(draft) !== slot.capacity ? ' calendars-slot--changed' : ''}`}>
        <span className="calendars-slot__inputs">
          <input
            type="checkbox"
            aria-label={text.selectSlot(slotName(slot))}
            // A booked slot cannot be deleted: the server would refuse it (booked_slot_deleted).
            disabled={slot.booked > 0}
            checked={key in selected}
            onChange={(event) => {
              const { checked } = event.target;
              setSelected((current) => (checked ? { ...current, [key]: slot } : Object.fromEntries(Object.entries(current).filter(([other]) => other !== key))));
            }}
          />
          <input
            className="city-input calendars-capacity"
            inputMode="numeric"
            aria-label={text.capacityOf(slotName(slot))}
            aria-invalid={wrong || below ? true : undefined}
            value={draft}
            onChange={(event) => {
              const typed = event.target.value;
              setDrafts((current) => ({ ...current, [key]: { slot, text: typed } }));
            }}
          />
        </span>
        <span className={slot.booked > 0 ? 'calendars-slot__booked calendars-slot__booked--some' : 'calendars-slot__booked'}>{text.booked(slot.booked)}</span>
      </div>
    );
  };

  return (
    <section className="console-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text.slotsTitle}</h2>
      <nav className="calendars-week-nav" aria-label={text.weekNavigation}>
        <Button variant="secondary" onClick={() => { onWeek(firstWeekOf(addMonths(month, -1))); }}>
          {text.previousMonth}
        </Button>
        <Button variant="secondary" onClick={() => { onWeek(addDaysToDate(week, -7)); }}>
          {text.previousWeek}
        </Button>
        <Button variant="secondary" onClick={() => { onWeek(mondayOf(todayInJapan())); }}>
          {text.thisWeek}
        </Button>
        <Button variant="secondary" onClick={() => { onWeek(addDaysToDate(week, 7)); }}>
          {text.nextWeek}
        </Button>
        <Button variant="secondary" onClick={() => { onWeek(firstWeekOf(addMonths(month, 1))); }}>
          {text.nextMonth}
        </Button>
      </nav>
      <p className="calendars-week-label" aria-live="polite">
        <strong>{monthLabel(month)}</strong> {text.weekRange(dateWithWeekday(dates[0] ?? week), dateWithWeekday(dates[6] ?? week))}
      </p>
      <p className="console-note">{text.gridLead}</p>
      {error === undefined ? null : <CallFailure error={error} onRetry={onRetry} />}
      {loading ? <Loading label={messages.loading} /> : null}
      <div className="console-table-scroll">
        <table className="console-table calendars-grid">
          <caption className="city-visually-hidden">{text.gridCaption(dateWithWeekday(dates[0] ?? week), dateWithWeekday(dates[6] ?? week))}</caption>
          <thead>
            <tr>
              <th scope="col">{text.timeColumn}</th>
              {dates.map((date) => {
                const closed = closedOn.get(date);
                return (
                  <th key={date} scope="col" className={closed === undefined ? undefined : 'calendars-grid__closed'}>
                    {/* On a tablet the weekday goes below the date, never the date broken at a hyphen. */}
                    <span className="console-nowrap">{date}</span>
                    <wbr />
                    <span className="console-nowrap">（{japaneseWeekday(date)}）</span>
                    {closed === undefined ? null : <span className="calendars-grid__reason">{closedText(closed)}</span>}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={8}>{data === undefined ? '' : text.noSlotsThisWeek}</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.time}>
                  <th scope="row">
                    {row.start}〜<wbr />
                    {row.end}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td key={dates[index]} className={closedOn.has(dates[index] ?? '') ? 'calendars-grid__closed' : undefined}>
                      {cell.map(slotCell)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {invalid.length > 0 ? (
        <p className="city-field__error" role="alert">
          {text.capacityInvalid}
        </p>
      ) : null}
      <div className="console-actions">
        <Button disabled={putting.isLoading || changes.length === 0 || invalid.length > 0} onClick={() => void saveCapacities()}>
          {text.saveCapacities(changes.length)}
        </Button>
        {changes.length > 0 ? (
          <Button
            variant="secondary"
            onClick={() => {
              setDrafts({});
              setRefused(undefined);
            }}
          >
            {text.discardCapacities}
          </Button>
        ) : null}
        <Button variant="danger" disabled={removing.isLoading || selectedSlots.length === 0} onClick={() => { setConfirmingDelete(true); }}>
          {text.deleteSlots(selectedSlots.length)}
        </Button>
      </div>
      <Refusal error={refused} />
      <DoneMessage message={done} focus={false} />
      <div className="console-actions">
        <Button variant="secondary" onClick={() => void exportMonth()}>
          {text.exportSlots(monthLabel(month))}
        </Button>
      </div>
      <Refusal error={exportError} />
      <Dialog
        open={confirmingDelete}
        title={text.deleteSlotsTitle(selectedSlots.length)}
        confirmLabel={text.deleteSlots(selectedSlots.length)}
        cancelLabel={messages.cancelDialog}
        danger
        onConfirm={() => void deleteSelected()}
        onCancel={() => {
          setConfirmingDelete(false);
        }}
      >
        <ul className="calendars-refusal__list">
          {selectedSlots.map((slot) => (
            <li key={slotKey(slot)}>{slotName(slot)}</li>
          ))}
        </ul>
      </Dialog>
    </section>
  );
}
