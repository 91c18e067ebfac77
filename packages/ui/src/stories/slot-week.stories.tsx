import type { CalendarSlot } from '@city/survey-core';
import { addDaysToDate } from '@city/survey-core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SlotWeek } from '../components/slot-week.js';

// A fixed week (Monday 2026-11-30 to Sunday 2026-12-06) so the stories look the same every day;
// the demo calendar's shape: four slots a day, capacity 5, closed on Sundays.
const dates = Array.from({ length: 7 }, (_, index) => addDaysToDate('2026-11-30', index));
const closedDays = ['2026-12-06'];
const times = [
  { slotId: '1', start: '09:00', end: '10:00' },
  { slotId: '2', start: '10:00', end: '11:00' },
  { slotId: '3', start: '13:00', end: '14:00' },
  { slotId: '4', start: '14:00', end: '15:00' },
];

/** The week's slots, each open with 5 left unless `change` says otherwise for it. */
function weekSlots(change: (slot: CalendarSlot) => Partial<CalendarSlot> = () => ({})): CalendarSlot[] {
  return dates
    .filter((date) => !closedDays.includes(date))
    .flatMap((date) => times.map((time) => ({ ...time, date, capacity: 5, left: 5, status: 'open' as const })))
    .map((slot) => ({ ...slot, ...change(slot) }));
}

const meta = {
  title: '予約/SlotWeek',
  component: SlotWeek,
  args: {
    dates,
    slots: weekSlots(),
    closedDays,
    cost: 1,
    onSelect: fn(),
    onPreviousWeek: fn(),
    onNextWeek: fn(),
    onRetry: fn(),
    state: 'ready',
  },
  parameters: { layout: 'padded' },
  tags: ['autodocs'],
} satisfies Meta<typeof SlotWeek>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every slot free (○); Sunday closed (休). */
export const Free: Story = {};

/** A few slots with little left (△). */
export const FewLeft: Story = {
  args: { slots: weekSlots((slot) => (slot.slotId === '2' || slot.date === '2026-12-02' ? { left: 1 } : {})) },
};

/** Some slots full (×), and one with too few left for a booking of 2 units. */
export const Full: Story = {
  args: {
    cost: 2,
    slots: weekSlots((slot) => {
      if (slot.slotId === '3' || slot.date === '2026-12-04') return { left: 0 };
      return slot.date === '2026-12-01' && slot.slotId === '1' ? { left: 1 } : {};
    }),
  },
};

/** A calendar that takes a waitlist: a full slot (×) can be tapped to wait for it (キャンセル待ち). */
export const FullWithWaitlist: Story = {
  args: {
    slots: weekSlots((slot) => (slot.slotId === '3' ? { left: 0 } : {})),
    onWaitlist: fn(),
  },
};

/** A weekday closed as well as Sunday (休 in every row). */
export const ClosedDay: Story = {
  args: { closedDays: ['2026-12-03', ...closedDays], slots: weekSlots((slot) => (slot.date === '2026-12-03' ? { status: 'closedDay' } : {})) },
};

/** Booking closes the day before (− for today and the past) and opens 5 days ahead (− after it). */
export const OutsideWindow: Story = {
  args: {
    slots: weekSlots((slot) => {
      if (slot.date <= '2026-12-01') return { status: 'closed' };
      return slot.date >= '2026-12-05' ? { status: 'notOpenYet' } : {};
    }),
  },
};

/** The demo's mix: the chosen slot pressed, one slot with 1 left, one full, Sunday closed. */
export const Chosen: Story = {
  args: {
    selected: { date: '2026-12-03', slotId: '1' },
    slots: weekSlots((slot) => {
      if (slot.date !== '2026-12-03') return slot.date === '2026-11-30' ? { status: 'closed' } : {};
      if (slot.slotId === '2') return { left: 1 };
      return slot.slotId === '3' ? { left: 0 } : {};
    }),
  },
};

/** Two rooms: every date has a second 10:00〜11:00 slot (slot 5), stacked in the same cell; one is full on 12月2日. */
export const SameTimeSlots: Story = {
  args: {
    slots: [
      ...weekSlots(),
      ...weekSlots().filter((slot) => slot.slotId === '2').map((slot) => ({ ...slot, slotId: '5', left: slot.date === '2026-12-02' ? 0 : 3 })),
    ],
  },
};

/** The citizen holds the most bookings this calendar allows: every slot and what is left shows, none can be chosen (the page says why). */
export const LimitReached: Story = {
  args: {
    disabled: true,
    slots: weekSlots((slot) => (slot.slotId === '2' ? { left: 1 } : {})),
  },
};

/** No slots at all this week. */
export const NoSlots: Story = { args: { slots: [] } };

export const Loading: Story = { args: { state: 'loading' } };

export const LoadError: Story = { args: { state: 'error' } };
