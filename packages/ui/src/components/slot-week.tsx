import type { CalendarSlot } from '@city/survey-core';
import { japaneseWeekday, SLOT_MARK_SYMBOLS, slotMark } from '@city/survey-core';
import { uiMessages } from '../messages.js';
import { formatSlotDate, formatSlotLabel } from '../slot-format.js';
import { Button } from './button.js';
import { Loading } from './loading.js';
import { Notice } from './notice.js';

export interface SlotWeekProps {
  /** The 7 dates shown (`YYYY-MM-DD`), in order. */
  dates: string[];
  /** The calendar's slots; those on other dates are ignored. */
  slots: CalendarSlot[];
  /** Closed days (`YYYY-MM-DD`): every time of those dates shows 休. */
  closedDays: string[];
  /** Units one booking takes (the reservation item's cost): × when fewer are left. */
  cost: number;
  /** The slot chosen so far, shown pressed. */
  selected?: { date: string; slotId: string } | undefined;
  onSelect: (slot: CalendarSlot) => void;
  /** Shows a 前の週 button; leave out where there is no earlier week to show. */
  onPreviousWeek?: (() => void) | undefined;
  /** Shows a 次の週 button; leave out where there is no later week to show. */
  onNextWeek?: (() => void) | undefined;
  state?: 'ready' | 'loading' | 'error';
  /** The error state's retry button; without it the error has no button. */
  onRetry?: (() => void) | undefined;
  /**
   * Nothing can be chosen this time, whatever is left (the citizen holds the most bookings the
   * calendar allows, say; the page says why): the week still shows every slot and what is left.
   */
  disabled?: boolean | undefined;
  /**
   * The calendar takes a waitlist (キャンセル待ち): a full slot can be tapped too, and this is
   * called with it (the page asks whether to wait for it). Left out, full slots cannot be tapped.
   */
  onWaitlist?: ((slot: CalendarSlot) => void) | undefined;
}

type Tone = 'free' | 'few' | 'full' | 'closed' | 'outside' | 'none';

interface Cell {
  /** What a sighted citizen sees (○ △ × 休 −); hidden from screen readers. */
  symbol: string;
  /** What the symbol means, read out after the slot's date and time. */
  meaning: string;
  tone: Tone;
  /** Present when the calendar has a slot here; choosable only when `open` and not ×. */
  slot?: CalendarSlot;
  choosable: boolean;
  /**
   * Units left, shown under ○ and △: a citizen sees a slot fill (and their own booking taken from
   * it), where the mark alone stays ○ until the △ threshold.
   */
  left?: number;
}

function describeCell(slot: CalendarSlot | undefined, closedDay: boolean, cost: number, disabled: boolean, waitlist: boolean): Cell {
  const base = slot === undefined ? {} : { slot };
  if (closedDay || slot?.status === 'closedDay') {
    return { ...base, symbol: uiMessages.closedDayMark, meaning: uiMessages.closedDay, tone: 'closed', choosable: false };
  }
  if (slot === undefined) return { symbol: '', meaning: uiMessages.noSlot, tone: 'none', choosable: false };
  if (slot.status !== 'open') {
    return { slot, symbol: uiMessages.outsideWindowMark, meaning: uiMessages.outsideWindow, tone: 'outside', choosable: false };
  }
  const mark = slotMark(slot.left, slot.capacity, cost);
  if (mark === 'full') {
    // × also when some units are left but fewer than one booking takes: say so, not 満員.
    if (waitlist && !disabled) return { slot, symbol: SLOT_MARK_SYMBOLS.full, meaning: uiMessages.slotFullWaitlist, tone: 'full', choosable: true };
    const meaning = slot.left <= 0 ? uiMessages.slotFull : uiMessages.slotNotEnough(slot.left);
    return { slot, symbol: SLOT_MARK_SYMBOLS.full, meaning, tone: 'full', choosable: false };
  }
  const meaning = mark === 'few' ? uiMessages.slotFew(slot.left) : uiMessages.slotFree(slot.left);
  return { slot, symbol: SLOT_MARK_SYMBOLS[mark], meaning, tone: mark, choosable: !disabled, left: slot.left };
}

/** The distinct times of day among the shown slots, earliest first: the rows of the week. */
function timesOf(slots: readonly CalendarSlot[]): { start: string; end: string }[] {
  const byKey = new Map<string, { start: string; end: string }>();
  for (const slot of slots) byKey.set(`${slot.start}-${slot.end}`, { start: slot.start, end: slot.end });
  return [...byKey.values()].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
}

/**
 * One slot's button: its symbol on screen, its date, time and meaning read out. The units left
 * show over the button's lower part but outside it: what a button shows must be part of what it is
 * called (a speech-input user says what they see), and its name already says 残り5 in words.
 */
function SlotButton({ cell, label, chosen, className, onSelect }: { cell: Cell; label: string; chosen: boolean; className?: string; onSelect: (slot: CalendarSlot) => void }) {
  return (
    <span className={`city-week__choice${chosen ? ' city-week__choice--chosen' : ''}${className === undefined ? '' : ` ${className}`}`}>
      <button
        type="button"
        className={`city-week__slot${chosen ? ' city-week__slot--chosen' : ''}${cell.left === undefined ? '' : ' city-week__slot--with-left'}`}
        aria-label={label}
        aria-pressed={cell.choosable ? chosen : undefined}
        disabled={!cell.choosable}
        onClick={() => {
          if (cell.slot !== undefined) onSelect(cell.slot);
        }}
      >
        <span aria-hidden="true">{cell.symbol}</span>
      </button>
      {cell.left === undefined ? null : (
        <span aria-hidden="true" className="city-week__left">
          {cell.left}
        </span>
      )}
    </span>
  );
}

function dayClass(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0) return 'city-week__day city-week__day--sunday';
  if (weekday === 6) return 'city-week__day city-week__day--saturday';
  return 'city-week__day';
}

/**
 * A week of a calendar's slots, to choose one: ○ free, △ few left, × full (not enough for the
 * cost), 休 closed day, − outside the booking window; under ○ and △, how many are left. Every cell is read out in words
 * (`12月1日（火）10:00〜11:00 空きあり（残り5）`); only open ○ and △ slots can be chosen, and × ones
 * to wait for where the calendar takes a waitlist (`onWaitlist`).
 *
 * Layout: a grid, days as columns and times as rows, as Japanese booking calendars print it. At
 * 360 px a time column and seven ~40 px day columns fit with 44 px tall cells, and the grid shows
 * the whole week at a glance (which day still has room) where a list per day would take several
 * screens of scrolling. It is a real table, so a screen reader can also move by row and column.
 */
export function SlotWeek({ dates, slots, closedDays, cost, selected, onSelect, onPreviousWeek, onNextWeek, state = 'ready', onRetry, disabled = false, onWaitlist }: SlotWeekProps) {
  /** A full slot's tap asks about its waitlist; any other's chooses it. */
  const handlerOf = (cell: Cell) => (cell.tone === 'full' && onWaitlist !== undefined ? onWaitlist : onSelect);
  const first = dates[0];
  const last = dates[dates.length - 1];
  const caption = first === undefined || last === undefined ? '' : uiMessages.weekCaption(formatSlotDate(first), formatSlotDate(last));
  const shown = slots.filter((slot) => dates.includes(slot.date));
  const times = timesOf(shown);

  return (
    <div className={disabled ? 'city-week city-week--disabled' : 'city-week'}>
      <div className="city-week__nav">
        {onPreviousWeek === undefined ? <span /> : (
          <Button variant="secondary" onClick={onPreviousWeek}>
            <span aria-hidden="true">‹</span>
            {uiMessages.previousWeek}
          </Button>
        )}
        {onNextWeek === undefined ? <span /> : (
          <Button variant="secondary" onClick={onNextWeek}>
            {uiMessages.nextWeek}
            <span aria-hidden="true">›</span>
          </Button>
        )}
      </div>
      {state === 'loading' ? <Loading label={uiMessages.slotsLoading} /> : null}
      {state === 'error' ? (
        <Notice tone="error">
          <p>{uiMessages.slotsLoadFailed}</p>
          {onRetry === undefined ? null : (
            <Button variant="secondary" onClick={onRetry}>
              {uiMessages.retry}
            </Button>
          )}
        </Notice>
      ) : null}
      {state === 'ready' ? (
        <>
          {times.length === 0 ? <p className="city-week__empty">{uiMessages.noSlotsThisWeek}</p> : (
          <table className="city-week__table">
            <caption className="city-week__caption">{caption}</caption>
            <thead>
              <tr>
                <th scope="col" className="city-week__time-header">
                  {uiMessages.slotTimeHeader}
                </th>
                {dates.map((date) => {
                  const [, month = '', day = ''] = date.split('-');
                  return (
                    <th key={date} scope="col" className={dayClass(date)}>
                      {/* Short on screen (12/1 火), whole for a screen reader. */}
                      <span aria-hidden="true">
                        {`${Number(month)}/${Number(day)}`}
                        <br />
                        {japaneseWeekday(date)}
                      </span>
                      <span className="city-visually-hidden">{formatSlotDate(date)}</span>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {times.map((time) => (
                <tr key={`${time.start}-${time.end}`}>
                  <th scope="row" className="city-week__time">
                    {time.start}
                    <span className="city-week__time-end">〜{time.end}</span>
                  </th>
                  {dates.map((date) => {
                    // Usually one slot; a calendar may hold several at the same time (two rooms), and each must be choosable.
                    const here = shown.filter((candidate) => candidate.date === date && candidate.start === time.start && candidate.end === time.end);
                    const isChosen = (slot: CalendarSlot) => selected?.date === slot.date && selected.slotId === slot.slotId;
                    if (here.length > 1) {
                      return (
                        <td key={date} className="city-week__cell city-week__cell--several">
                          {here.map((slot, index) => {
                            const cell = describeCell(slot, closedDays.includes(date), cost, disabled, onWaitlist !== undefined);
                            // The slots have no names of their own: their order tells them apart when read out.
                            const label = `${formatSlotLabel({ date, ...time })} ${uiMessages.sameTimeSlot(index + 1)} ${cell.meaning}`;
                            return <SlotButton key={slot.slotId} cell={cell} label={label} chosen={isChosen(slot)} className={`city-week__cell--${cell.tone}`} onSelect={handlerOf(cell)} />;
                          })}
                        </td>
                      );
                    }
                    const slot = here[0];
                    const cell = describeCell(slot, closedDays.includes(date), cost, disabled, onWaitlist !== undefined);
                    const label = `${formatSlotLabel({ date, ...time })} ${cell.meaning}`;
                    return (
                      <td key={date} className={`city-week__cell city-week__cell--${cell.tone}`}>
                        {cell.slot === undefined ? (
                          <>
                            <span aria-hidden="true">{cell.symbol}</span>
                            <span className="city-visually-hidden">{label}</span>
                          </>
                        ) : (
                          <SlotButton cell={cell} label={label} chosen={slot !== undefined && isChosen(slot)} onSelect={handlerOf(cell)} />
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          )}
          <ul className="city-week__legend" aria-label={uiMessages.legendTitle}>
            <li>
              <span className="city-week__cell--free">{SLOT_MARK_SYMBOLS.free}</span> {uiMessages.legendFree}
            </li>
            <li>
              <span className="city-week__cell--few">{SLOT_MARK_SYMBOLS.few}</span> {uiMessages.legendFew}
            </li>
            <li>
              <span className="city-week__cell--full">{SLOT_MARK_SYMBOLS.full}</span> {uiMessages.legendFull}
            </li>
            <li>
              {uiMessages.closedDayMark} {uiMessages.closedDay}
            </li>
            <li>
              {uiMessages.outsideWindowMark} {uiMessages.outsideWindow}
            </li>
            <li>{uiMessages.legendLeft}</li>
          </ul>
        </>
      ) : null}
    </div>
  );
}
