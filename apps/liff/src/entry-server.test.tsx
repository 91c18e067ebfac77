// The server's render of a first screen (issue 31): the login screen as the app hydrates it (its
// button waiting for the app's code), a survey's form and a calendar's week with the state to
// hydrate them with, and nothing for a screen the app renders on the client.
import type { CalendarSlots, SurveyConfig } from '@city/survey-core';
import { addDaysToDate, todayInJapan } from '@city/survey-core';
import { describe, expect, it } from 'vitest';
import type { FirstScreenData } from './entry-server.js';
import { renderFirstScreen } from './entry-server.js';

const noCalendars = { calendarWeek: () => Promise.resolve(undefined) };
const noSurveys: FirstScreenData = { surveyConfig: () => Promise.resolve(undefined), ...noCalendars };
const clinic: SurveyConfig = {
  surveyId: 'clinic',
  surveyTitle: '予防接種の予約',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true },
    { itemKey: 'age', type: 'radio', title: '年代', options: ['20代', '30代'] },
  ],
};
const surveys = (config: SurveyConfig): FirstScreenData => ({ surveyConfig: (surveyId: string) => Promise.resolve(surveyId === config.surveyId ? config : undefined), ...noCalendars });

/** One calendar whose week has a slot at 09:00 each day, the first day's full. */
const clinicCalendar: FirstScreenData = {
  surveyConfig: () => Promise.resolve(undefined),
  calendarWeek: ({ calendarId, from, to }) => {
    if (calendarId !== 'cal-clinic') return Promise.resolve(undefined);
    const today = addDaysToDate(from, 1);
    const dates = Array.from({ length: 7 }, (_, day) => addDaysToDate(today, day));
    const slots: CalendarSlots = {
      calendarId,
      categoryId: 'clinic',
      rules: { bookingOpensDaysAhead: 30, bookingClosesBefore: { unit: 'days', amount: 1 }, changeClosesBefore: { unit: 'days', amount: 1 } },
      today,
      closedDays: [],
      slots: dates.map((date, day) => ({ slotId: 's1', date, start: '09:00', end: '10:00', capacity: 5, left: day === 0 ? 0 : 5, status: 'open' })),
    };
    expect(to).toBe(addDaysToDate(today, 7));
    return Promise.resolve({ slots, categories: [{ categoryId: 'clinic', tag1: '中央保健センター', calendarId }] });
  },
};

function parsed(html: string | undefined): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html ?? '';
  return root;
}
const runtime = { lineAuthorizeUrl: 'https://access.line.me/oauth2/v2.1/authorize', loginAppId: '1650000000', liffId: null, lineStandIn: false };

describe('renderFirstScreen', () => {
  it('renders the login screen, its button disabled until the app takes it over', async () => {
    const screen = await renderFirstScreen({ url: 'https://city.example/login', runtime, data: noSurveys });
    const root = document.createElement('div');
    root.innerHTML = screen?.html ?? '';
    expect(root.querySelector('h1')?.textContent).toBe('ログイン');
    const button = root.querySelector('button');
    expect(button?.textContent).toBe('LINEでログイン');
    expect(button?.disabled).toBe(true);
  });

  it("renders a survey's form, waiting for the app, with the state it was rendered with", async () => {
    const screen = await renderFirstScreen({ url: 'https://city.example/survey/clinic', runtime, data: surveys(clinic) });
    const root = parsed(screen?.html);
    expect(root.querySelector('h1')?.textContent).toBe('予防接種の予約');
    expect([...root.querySelectorAll('label')].map((label) => label.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('お名前'), '20代', '30代']));
    expect(root.querySelector('fieldset')?.disabled).toBe(true);
    const state = parsed(screen?.state).querySelector('script')?.textContent ?? '';
    expect(JSON.parse(state)).toMatchObject({ survey: { surveyId: 'clinic' }, api: { queries: { 'getSurveyConfig("clinic")': { status: 'fulfilled', data: clinic } } } });
  });

  it('leaves a survey citizens cannot read, and one for members, to the app', async () => {
    expect(await renderFirstScreen({ url: 'https://city.example/survey/other', runtime, data: surveys(clinic) })).toBeUndefined();
    const members = { ...clinic, requiresMembership: 'membership' };
    expect(await renderFirstScreen({ url: 'https://city.example/survey/clinic', runtime, data: surveys(members) })).toBeUndefined();
  });

  it("renders a calendar's week to look at, from the server's today, with the state it was rendered with", async () => {
    const screen = await renderFirstScreen({ url: 'https://city.example/calendar/cal-clinic', runtime, data: clinicCalendar });
    const root = parsed(screen?.html);
    expect(root.querySelector('h2')?.textContent).toBe('中央保健センター');
    expect(root.textContent).toContain('空き状況のご案内です');
    // The week is drawn, not its loading state: seven days, a full slot and open ones, none to tap.
    const cells = [...root.querySelectorAll('table td')].map((cell) => cell.textContent);
    expect(cells.length).toBeGreaterThanOrEqual(7);
    expect(cells.join('')).toContain('×');
    expect(cells.join('')).toContain('○');
    expect([...root.querySelectorAll('table button')].every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    const state = JSON.parse(parsed(screen?.state).querySelector('script')?.textContent ?? '') as { calendarAnchor: string; api: { queries: Record<string, unknown> } };
    const anchor = state.calendarAnchor;
    expect(anchor).toBe(todayInJapan(Date.now()));
    const key = `getCalendarSlots({"calendarId":"cal-clinic","from":"${addDaysToDate(anchor, -1)}","to":"${addDaysToDate(anchor, 7)}"})`;
    expect(state.api.queries[key]).toMatchObject({ status: 'fulfilled', data: { today: anchor } });
    expect(state.api.queries['getCalendarCategories(undefined)']).toMatchObject({ status: 'fulfilled' });
  });

  it("starts the week on the server's today when its clock is not this process's", async () => {
    const asked: string[] = [];
    const elsewhere: FirstScreenData = {
      ...clinicCalendar,
      calendarWeek: async (query) => {
        asked.push(query.from);
        const week = await clinicCalendar.calendarWeek(query);
        return week === undefined ? undefined : { ...week, slots: { ...week.slots, today: '2030-04-01' } };
      },
    };
    const screen = await renderFirstScreen({ url: 'https://city.example/calendar/cal-clinic', runtime, data: elsewhere });
    expect(asked).toEqual([addDaysToDate(todayInJapan(Date.now()), -1), '2030-03-31']);
    const state = JSON.parse(parsed(screen?.state).querySelector('script')?.textContent ?? '') as { calendarAnchor: string };
    expect(state.calendarAnchor).toBe('2030-04-01');
  });

  it('leaves a calendar that does not exist to the app', async () => {
    expect(await renderFirstScreen({ url: 'https://city.example/calendar/no-such', runtime, data: clinicCalendar })).toBeUndefined();
  });

  it('renders the frame of the confirm screen and of the receipt, for the app to fill in what is the citizen\'s', async () => {
    // A page load has no answers to confirm (they live in the tab's memory), nor a receipt of one just sent.
    const confirm = parsed((await renderFirstScreen({ url: 'https://city.example/confirm/clinic', runtime, data: noSurveys }))?.html);
    expect(confirm.querySelector('h1')?.textContent).toBe('入力内容の確認');
    expect(confirm.querySelector('a[href="/survey/clinic"]')).not.toBeNull();
    const receipt = parsed((await renderFirstScreen({ url: 'https://city.example/receipt', runtime, data: noSurveys }))?.html);
    expect(receipt.querySelector('a[href="/confirmList"]')).not.toBeNull();
    // An order's receipt: its heading, and the order to come (asked for once the citizen is known).
    const order = parsed((await renderFirstScreen({ url: 'https://city.example/receipt?order=o-1', runtime, data: noSurveys }))?.html);
    expect(order.querySelector('h1')?.textContent).toBe('受付内容');
    expect(order.querySelector('[role="status"]')).not.toBeNull();
  });

  it("renders the frame of a screen that shows the citizen's own, with nothing of theirs", async () => {
    for (const [path, title] of [
      ['/confirmList', '送信した内容'],
      ['/waitlist', 'キャンセル待ち・抽選'],
      ['/completedPayment/o-1', 'お支払いを確認しています'],
    ] as const) {
      const screen = await renderFirstScreen({ url: `https://city.example${path}`, runtime, data: noSurveys });
      expect(parsed(screen?.html).querySelector('h1')?.textContent, path).toBe(title);
    }
  });

  it('leaves an address no screen has, the site\'s root (where LIFF starts) and the login redirects to the app', async () => {
    for (const path of ['/', '/no-such-page', '/login/survey/clinic']) {
      expect(await renderFirstScreen({ url: `https://city.example${path}`, runtime, data: noSurveys })).toBeUndefined();
    }
  });
});
