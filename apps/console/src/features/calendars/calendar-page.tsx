import { Loading, Notice } from '@city/ui';
import { isCalendarDate, todayInJapan } from '@city/survey-core';
import { Fragment } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import { BookingStopPanel } from './booking-stop-panel.js';
import { useStaffCalendarAdminQuery, useStaffCalendarAdminSlotsQuery } from './calendar-admin-api.js';
import { pathText } from './category-tree.js';
import { ClosedDaysPanel } from './closed-days-panel.js';
import { mondayOf, monthGrid, monthOfWeek, monthRange } from './dates.js';
import { PatternForm } from './pattern-form.js';
import { ReminderPanel } from './reminder-panel.js';
import { LotteryPanel } from './lottery-panel.js';
import { WaitlistPanel } from './waitlist-panel.js';
import { RulesFormView } from './rules-form-view.js';
import { SlotWeekSection } from './slot-week-section.js';
import './calendars.css';

const text = messages.calendarAdmin;
/** Where a pattern starts by default: today in the month shown, else its first day. */
function patternStart(month: string): string {
  const { from, to } = monthRange(month);
  const today = todayInJapan();
  return today > from && today <= to ? today : from;
}

/**
 * `/calendars/:calendarId?week=YYYY-MM-DD`: one calendar: whether it takes bookings (予約停止),
 * its slots week by week (capacity, bookings), slots made from a weekly pattern, closed dates and
 * its rules. The week shown is in the address, so a reload or the back button keeps it.
 */
export function CalendarPage() {
  const { calendarId = '' } = useParams();
  const session = useAppSelector(selectSession);
  const allowed = mayTake(session, 'calendars.edit');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('week') ?? '';
  const week = mondayOf(isCalendarDate(asked) ? asked : todayInJapan());
  const month = monthOfWeek(week);
  const view = useStaffCalendarAdminQuery(undefined, { skip: !allowed, refetchOnMountOrArgChange: true });
  // The whole month grid at once: moving between its weeks reads nothing more.
  const slots = useStaffCalendarAdminSlotsQuery({ calendarId, ...monthGrid(month) }, { skip: !allowed, refetchOnMountOrArgChange: true });
  const category = view.data?.categories.find((candidate) => candidate.calendar?.calendarId === calendarId);
  const settings = category?.calendar ?? null;
  const title = category === undefined ? text.calendarTitle(calendarId) : text.calendarTitle(pathText(category));
  useDocumentTitle(title);

  const showWeek = (monday: string) => {
    setSearch({ week: monday }, { replace: false });
  };

  return (
    <>
      <p className="calendars-back">
        <Link to={paths.calendars.to()}>{text.backToAdmin}</Link>
      </p>
      <h1>{title}</h1>
      {allowed ? null : <Notice tone="warning">{messages.forbidden}</Notice>}
      {view.error === undefined ? null : (
        <CallFailure
          error={view.error}
          onRetry={() => {
            void view.refetch();
          }}
        />
      )}
      {view.isLoading ? <Loading label={messages.loading} /> : null}
      {view.data !== undefined && (category === undefined || settings === null) ? (
        <Notice tone="error">
          <p>{text.calendarNotFound(calendarId)}</p>
        </Notice>
      ) : null}
      {category !== undefined && settings !== null ? (
        // Keyed by the calendar: what was typed for one never shows on another's page.
        <Fragment key={calendarId}>
          <p className="console-note">{text.calendarIds(settings.calendarId, category.categoryId)}</p>
          <BookingStopPanel categoryId={category.categoryId} settings={settings} />
          <ReminderPanel calendarId={calendarId} />
          <WaitlistPanel calendarId={calendarId} />
          <LotteryPanel calendarId={calendarId} />
          <SlotWeekSection
            calendarId={calendarId}
            week={week}
            onWeek={showWeek}
            // Only this month's: while another month loads, its weeks show nothing rather than the last month's.
            data={slots.currentData}
            loading={slots.isFetching}
            error={slots.error}
            onRetry={() => {
              void slots.refetch();
            }}
          />
          {/* The month first shown (from today in this month); the week made is shown next. */}
          <PatternForm
            calendarId={calendarId}
            from={patternStart(month)}
            to={monthRange(month).to}
            onGenerated={(from) => {
              showWeek(mondayOf(from));
            }}
          />
          <ClosedDaysPanel calendarId={calendarId} month={month} closedDays={slots.currentData?.closedDays ?? []} />
          {/* Starts from the rules saved when the page opened; what is typed stays until saved. */}
          <RulesFormView categoryId={category.categoryId} settings={settings} />
        </Fragment>
      ) : null}
    </>
  );
}
