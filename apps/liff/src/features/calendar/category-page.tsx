import { CategoryPicker, Notice, PageLayout } from '@city/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BookingLimitNotice } from '../../components/booking-limit-notice.js';
import { paths } from '../../config/paths.js';
import { calendarMessages } from '../../calendar-messages.js';
import { useGetCalendarCategoriesQuery, useGetCalendarCategoriesTreeQuery, useGetCalendarDisplaySettingsQuery } from '../../store/api-slice.js';
import { selectCalendar } from '../../store/calendar-slice.js';
import { useAppSelector } from '../../store/hooks.js';
import { NoReservationInHand } from './no-reservation-in-hand.js';

/** Shown until the display settings arrive, so the picker never renders without its headings. */
const DEFAULT_LABELS = { tag1: '大分類', tag2: '中分類', tag3: '小分類' };

/**
 * `/calendar`: the place to book, picked level by level below the reservation item's category
 * (labels from the display settings: spec section 3's categoryLabels); a bookable category opens
 * its calendar.
 */
export function CalendarCategoryPage() {
  const navigate = useNavigate();
  const calendar = useAppSelector(selectCalendar);
  const { surveyId } = calendar;
  const inHand = surveyId !== null;
  const tree = useGetCalendarCategoriesTreeQuery(undefined, { skip: !inHand });
  const settings = useGetCalendarDisplaySettingsQuery(undefined, { skip: !inHand });
  const categories = useGetCalendarCategoriesQuery(undefined, { skip: !inHand });
  const [notice, setNotice] = useState<string | null>(null);
  const rootCategoryId = calendar.categoryValues.rootCategoryId ?? undefined;
  const rootCalendarId = categories.currentData?.find((category) => category.categoryId === rootCategoryId)?.calendarId;

  // The item's category is itself bookable: there is nothing to pick (the form normally goes
  // straight to the calendar; this covers the way back from it).
  useEffect(() => {
    if (rootCalendarId !== undefined) void navigate(paths.calendarSlots.to(rootCalendarId), { replace: true });
  }, [rootCalendarId, navigate]);

  if (surveyId === null) return <NoReservationInHand title={calendarMessages.categoryTitle} />;
  const failed = tree.isError || settings.isError || categories.isError;
  const ready = tree.currentData !== undefined && settings.currentData !== undefined && categories.currentData !== undefined;
  const pick = (categoryId: string) => {
    const calendarId = categories.currentData?.find((category) => category.categoryId === categoryId)?.calendarId;
    if (calendarId === undefined) setNotice(calendarMessages.notBookable);
    else void navigate(paths.calendarSlots.to(calendarId));
  };
  return (
    <PageLayout title={calendarMessages.categoryTitle}>
      <p>{calendarMessages.categoryLead}</p>
      <BookingLimitNotice categoryId={rootCategoryId} rootCategoryId={rootCategoryId} />
      {notice === null ? null : <Notice tone="error">{notice}</Notice>}
      <CategoryPicker
        tree={tree.currentData ?? []}
        labels={settings.currentData?.categoryLabels ?? DEFAULT_LABELS}
        onPick={pick}
        {...(rootCategoryId === undefined ? {} : { rootCategoryId })}
        state={failed ? 'error' : ready ? 'ready' : 'loading'}
        onRetry={() => {
          if (tree.isError) void tree.refetch();
          if (settings.isError) void settings.refetch();
          if (categories.isError) void categories.refetch();
        }}
      />
      <p>
        <Link to={paths.survey.to(surveyId)}>{calendarMessages.backToSurvey}</Link>
      </p>
    </PageLayout>
  );
}
