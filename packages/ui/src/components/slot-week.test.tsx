import type { CalendarSlot } from '@city/survey-core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SlotWeek } from './slot-week.js';

// 2026-11-30 is a Monday; 2026-12-06 a Sunday (closed).
const dates = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
const slot = (date: string, slotId: string, left: number, status: CalendarSlot['status'] = 'open'): CalendarSlot => {
  const times: Record<string, [string, string]> = { '1': ['09:00', '10:00'], '2': ['10:00', '11:00'] };
  const [start, end] = times[slotId] ?? ['13:00', '14:00'];
  return { slotId, date, start, end, capacity: 5, left, status };
};
const slots: CalendarSlot[] = [
  slot('2026-11-30', '1', 5, 'closed'),
  slot('2026-11-30', '2', 5, 'closed'),
  slot('2026-12-01', '1', 5),
  slot('2026-12-01', '2', 1),
  slot('2026-12-02', '1', 0),
  slot('2026-12-02', '2', 4),
  slot('2026-12-03', '1', 5, 'notOpenYet'),
  slot('2026-12-03', '2', 5, 'notOpenYet'),
  // A slot of another week is not shown.
  slot('2026-12-08', '1', 5),
];

function renderWeek(props: Partial<Parameters<typeof SlotWeek>[0]> = {}) {
  const onSelect = vi.fn();
  render(<SlotWeek dates={dates} slots={slots} closedDays={['2026-12-06']} cost={1} onSelect={onSelect} {...props} />);
  return onSelect;
}

const slotButton = (name: string) => screen.getByRole('button', { name });

describe('SlotWeek', () => {
  it('reads every slot out in words, with the symbol (and what is left) hidden from screen readers', () => {
    renderWeek();
    expect(slotButton('12月1日（火）09:00〜10:00 空きあり（残り5）').textContent).toBe('○');
    expect(slotButton('12月1日（火）10:00〜11:00 残りわずか（残り1）').textContent).toBe('△');
    expect(slotButton('12月2日（水）09:00〜10:00 満員').textContent).toBe('×');
    expect(slotButton('11月30日（月）09:00〜10:00 受付期間外').textContent).toBe('−');
    expect(slotButton('12月3日（木）10:00〜11:00 受付期間外').textContent).toBe('−');
    for (const symbol of screen.getAllByText('○', { selector: 'button span' })) expect(symbol.getAttribute('aria-hidden')).toBe('true');
    for (const left of screen.getAllByText('5', { selector: '.city-week__left' })) expect(left.getAttribute('aria-hidden')).toBe('true');
  });

  it('lets a full slot be tapped to wait for it where the calendar takes a waitlist, and only then', async () => {
    const onWaitlist = vi.fn();
    const onSelect = renderWeek({ onWaitlist });
    const full = slotButton('12月2日（水）09:00〜10:00 満員（キャンセル待ちできます）');
    expect(full.textContent).toBe('×');
    await userEvent.click(full);
    expect(onWaitlist).toHaveBeenCalledWith(expect.objectContaining({ date: '2026-12-02', slotId: '1' }));
    expect(onSelect).not.toHaveBeenCalled();
    // An open slot is still chosen as ever; one out of reach cannot be tapped.
    await userEvent.click(slotButton('12月1日（火）09:00〜10:00 空きあり（残り5）'));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(slotButton('12月3日（木）10:00〜11:00 受付期間外')).toHaveProperty('disabled', true);
  });

  it('keeps a full slot out of reach without a waitlist', () => {
    renderWeek();
    expect(slotButton('12月2日（水）09:00〜10:00 満員')).toHaveProperty('disabled', true);
  });

  it('shows how many are left under ○ and △ (so a booking shows), never under × or a slot out of reach', () => {
    renderWeek();
    // Beside the button, not in it: what a button shows must be part of what it is called.
    const shown = (name: string) => slotButton(name).closest('.city-week__choice')?.textContent;
    expect(shown('12月2日（水）10:00〜11:00 空きあり（残り4）')).toBe('○4');
    expect(shown('12月1日（火）10:00〜11:00 残りわずか（残り1）')).toBe('△1');
    expect(shown('12月2日（水）09:00〜10:00 満員')).toBe('×');
    expect(shown('12月3日（木）10:00〜11:00 受付期間外')).toBe('−');
  });

  it('marks closed days 休 in every row, read out as 休業日', () => {
    renderWeek();
    const table = screen.getByRole('table', { name: '11月30日（月）〜12月6日（日）の予約枠' });
    expect(within(table).getByText('12月6日（日）09:00〜10:00 休業日')).toBeTruthy();
    expect(within(table).getByText('12月6日（日）10:00〜11:00 休業日')).toBeTruthy();
    const sundayCells = within(table).getAllByText('休');
    expect(sundayCells).toHaveLength(2);
  });

  it('refuses a slot the server marks closedDay, and names a time a date has no slot at', () => {
    renderWeek({ slots: [...slots, slot('2026-12-04', '1', 5, 'closedDay')] });
    const closed = slotButton('12月4日（金）09:00〜10:00 休業日');
    expect(closed.textContent).toBe('休');
    expect((closed as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('12月4日（金）10:00〜11:00 予約枠なし')).toBeTruthy();
  });

  it('shows the days as columns with date and weekday and the times as rows', () => {
    renderWeek();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['時間', '11/30月11月30日（月）', '12/1火12月1日（火）', '12/2水12月2日（水）', '12/3木12月3日（木）', '12/4金12月4日（金）', '12/5土12月5日（土）', '12/6日12月6日（日）']);
    expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual(['09:00〜10:00', '10:00〜11:00']);
    expect(screen.queryByText(/12月8日/)).toBeNull();
  });

  it('lets only open ○ and △ slots be chosen, and hands the chosen slot to onSelect', async () => {
    const user = userEvent.setup();
    const onSelect = renderWeek();
    const disabled = ['12月2日（水）09:00〜10:00 満員', '11月30日（月）09:00〜10:00 受付期間外', '12月3日（木）09:00〜10:00 受付期間外'];
    for (const name of disabled) {
      expect((slotButton(name) as HTMLButtonElement).disabled).toBe(true);
      await user.click(slotButton(name));
    }
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(slotButton('12月1日（火）10:00〜11:00 残りわずか（残り1）'));
    expect(onSelect).toHaveBeenCalledWith(slots[3]);
    await user.click(slotButton('12月2日（水）10:00〜11:00 空きあり（残り4）'));
    expect(onSelect).toHaveBeenLastCalledWith(slots[5]);
  });

  it('lets nothing be chosen when disabled (the page says why), still showing what is left', async () => {
    const user = userEvent.setup();
    const onSelect = renderWeek({ disabled: true });
    const open = slotButton('12月1日（火）09:00〜10:00 空きあり（残り5）');
    expect((open as HTMLButtonElement).disabled).toBe(true);
    expect(open.closest('.city-week__choice')?.textContent).toBe('○5');
    await user.click(open);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('marks × when fewer units are left than one booking takes, saying how many are left', () => {
    renderWeek({ cost: 2 });
    const button = slotButton('12月1日（火）10:00〜11:00 空き不足（残り1）');
    expect(button.textContent).toBe('×');
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the chosen slot pressed', () => {
    renderWeek({ selected: { date: '2026-12-01', slotId: '1' } });
    expect(slotButton('12月1日（火）09:00〜10:00 空きあり（残り5）').getAttribute('aria-pressed')).toBe('true');
    expect(slotButton('12月2日（水）10:00〜11:00 空きあり（残り4）').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(1);
  });

  it('shows every slot of a date at the same time (two rooms), each its own button, read out in order', async () => {
    const user = userEvent.setup();
    // Slots 1 and 5 of 12月1日 are both 09:00〜10:00 (the earlier platform's CSV allows it).
    const onSelect = renderWeek({ slots: [...slots, { ...slot('2026-12-01', '5', 0), start: '09:00', end: '10:00' }], selected: { date: '2026-12-01', slotId: '1' } });
    const first = slotButton('12月1日（火）09:00〜10:00 1つ目の枠 空きあり（残り5）');
    const second = slotButton('12月1日（火）09:00〜10:00 2つ目の枠 満員');
    expect(first.textContent).toBe('○');
    expect(first.getAttribute('aria-pressed')).toBe('true');
    expect(second.textContent).toBe('×');
    expect((second as HTMLButtonElement).disabled).toBe(true);
    // Both in the one cell of that date and time; the other dates of the row are unchanged.
    expect(first.closest('td')).toBe(second.closest('td'));
    expect(slotButton('12月2日（水）09:00〜10:00 満員')).toBeTruthy();
    await user.click(first);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ date: '2026-12-01', slotId: '1' }));
  });

  it('has a legend of the symbols', () => {
    renderWeek();
    const legend = screen.getByRole('list', { name: '記号の見方' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['○ 空きあり', '△ 残りわずか', '× 満員', '休 休業日', '− 受付期間外', '○・△の下の数字は残りの数']);
  });

  it('moves between weeks only where the caller allows it', async () => {
    const user = userEvent.setup();
    const onNextWeek = vi.fn();
    renderWeek({ onNextWeek });
    expect(screen.queryByRole('button', { name: '前の週' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '次の週' }));
    expect(onNextWeek).toHaveBeenCalledTimes(1);
  });

  it('says it is loading, and on an error offers to try again', async () => {
    const user = userEvent.setup();
    renderWeek({ state: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('予約枠を読み込んでいます');
    expect(screen.queryByRole('table')).toBeNull();
    const onRetry = vi.fn();
    renderWeek({ state: 'error', onRetry });
    expect(screen.getByRole('alert').textContent).toContain('予約枠を読み込めませんでした。');
    await user.click(screen.getByRole('button', { name: 'もう一度読み込む' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says so when the week has no slots', () => {
    renderWeek({ slots: [] });
    expect(screen.getByText('この週に予約できる枠はありません。')).toBeTruthy();
  });
});
