import type { CalendarSlot } from '@city/survey-core';
import { addDaysToDate, formatReservationValue, parseReservationValue, todayInJapan } from '@city/survey-core';
import { isApiError } from '@city/api-client';
import { Dialog, formatSlotLabel, Notice, PageLayout, SlotWeek } from '@city/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BookingLimitNotice } from '../../components/booking-limit-notice.js';
import { HOME_PATH, paths } from '../../config/paths.js';
import { placeOf, weekDates, weekRange } from '../../lib/bookings.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { messages } from '../../messages.js';
import { calendarMessages } from '../../calendar-messages.js';
import { useGetCalendarCategoriesQuery, useGetCalendarSlotsQuery } from '../../store/api-slice.js';
import { selectCalendar, weekShown } from '../../store/calendar-slice.js';
import { chooseSlot } from '../../store/calendar-thunks.js';
import { useBookingLimitsReached } from '../../store/booking-limits.js';
import { useAppDispatch, useAppSelector, useServices } from '../../store/hooks.js';
import { describeFailure } from '../../lib/api-errors.js';
import { japanMoment, lotteryMessages, waitlistMessages } from '../../waitlist-messages.js';
import { useLottery, useWaitlist } from './use-waitlist.js';

/**
 * `/calendar/{calendarId}`: a week of the calendar's slots, from today (the server's, in Japan),
 * with what is left of each for the item's cost. Choosing an open slot returns to the form with
 * every answer kept and this slot as the item's answer. The counts are asked for afresh each time
 * the screen opens, and again after a booking changed them.
 *
 * Opened by its address (a link, a reload), with no reservation item to choose for, it shows the
 * week to look at only, and says how to book. That is the week the server renders (issue 31): its
 * places and slots are anyone's; nothing of the citizen's is drawn until a form sends them here.
 */
export function CalendarSlotsPage() {
  const { id: calendarId = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { now, api } = useServices();
  const calendar = useAppSelector(selectCalendar);
  const answers = useAppSelector((state) => state.survey.surveyInput);
  const { surveyId, reservationItemName } = calendar;
  const inHand = surveyId !== null && reservationItemName !== null;
  // The week starts on the server's today in Japan (the slots call says which day that is). The
  // call asks around the week as this device counts it (weekRange), so a device a day off (around
  // midnight, a clock set wrong) still gets the server's week in one call; one further off asks
  // again around the server's day. A week the server rendered starts from the day it drew.
  const [anchor, setAnchor] = useState(() => calendar.anchor ?? todayInJapan(now()));
  const [serverToday, setServerToday] = useState<string | undefined>(undefined);
  const slots = useGetCalendarSlotsQuery({ calendarId, ...weekRange(anchor, calendar.week) }, { refetchOnMountOrArgChange: true });
  const categories = useGetCalendarCategoriesQuery(undefined);
  const data = slots.currentData;
  useEffect(() => {
    if (data === undefined) return;
    setServerToday(data.today);
    if (data.today < addDaysToDate(anchor, -1) || data.today > addDaysToDate(anchor, 1)) setAnchor(data.today);
  }, [data, anchor]);
  const today = serverToday ?? anchor;
  const dates = weekDates(today, calendar.week);
  // The citizen holds the most bookings this calendar allows: said, and no slot can be chosen. Asked
  // beside the slots (the category is known from the categories, kept for the visit), not after them.
  const category = categories.currentData?.find((candidate) => candidate.calendarId === calendarId);
  const categoryId = category?.categoryId;
  const limits = useBookingLimitsReached(inHand ? categoryId : undefined);
  const limitReached = limits.reached.length > 0;
  // Known, or not to be known (no category to ask with): a slot can then be taken.
  const limitsSettled = limits.known || categories.isError || (categories.currentData !== undefined && category === undefined);
  // キャンセル待ち: whether this calendar takes a waitlist, and the citizen's places.
  const waitlist = useWaitlist(calendarId, !inHand);
  const [joining, setJoining] = useState<CalendarSlot | undefined>(undefined);
  const [waitlistNotice, setWaitlistNotice] = useState<{ tone: 'info' | 'error'; text: string } | undefined>(undefined);
  // 抽選: a lottery taking applications (or waiting for its draw) turns a slot's choice into an application.
  const lottery = useLottery(calendarId, !inHand);
  const [applying, setApplying] = useState<CalendarSlot | undefined>(undefined);
  const hydrated = useHydrated();

  const rootCategoryId = calendar.categoryValues.rootCategoryId ?? undefined;
  const place = category === undefined ? undefined : placeOf(category, categories.currentData ?? [], rootCategoryId);
  const answer = reservationItemName === null ? undefined : answers[reservationItemName];
  const chosen = typeof answer === 'string' ? parseReservationValue(answer) : undefined;
  const selected = chosen !== undefined && data !== undefined && chosen.categoryId === data.categoryId ? { date: chosen.date, slotId: chosen.slotId } : undefined;
  // Nothing to show past the booking window: the last week is the one it ends in.
  const windowEnd = data === undefined ? undefined : addDaysToDate(data.today, data.rules.bookingOpensDaysAhead);
  const hasNextWeek = windowEnd === undefined || (dates[6] ?? today) < windowEnd;

  // A place offered to this citizen is theirs to choose, though the slot is full for everyone else.
  const offersHere = (inHand ? (waitlist.view?.places ?? []) : []).filter((place) => place.calendarId === calendarId && place.state === 'offered' && (place.offeredUntil ?? 0) > now());
  const shownSlots = (data?.slots ?? []).map((slot) => {
    const offer = offersHere.find((place) => place.date === slot.date && place.slotId === slot.slotId);
    return offer === undefined ? slot : { ...slot, left: Math.max(slot.left, offer.units) };
  });
  const join = async (slot: CalendarSlot) => {
    setJoining(undefined);
    if (data === undefined || surveyId === null || reservationItemName === null) return;
    const value = formatReservationValue({ categoryId: data.categoryId, date: slot.date, slotId: slot.slotId });
    const joined = await api.joinWaitlist({ surveyId, itemKey: reservationItemName, value });
    if (isApiError(joined)) {
      setWaitlistNotice({ tone: 'error', text: describeFailure(joined).message });
      return;
    }
    setWaitlistNotice({ tone: 'info', text: waitlistMessages.joined(joined.data.ahead ?? 0) });
    waitlist.refresh();
  };

  // Only for a citizen choosing a slot: drawn above the week after it, they would push it down.
  const pendingLottery = inHand && lottery.view?.lottery?.drawnAt === undefined ? lottery.view?.lottery ?? undefined : undefined;
  const lotteryOpen = pendingLottery !== undefined && now() < pendingLottery.applicationsCloseAt;
  const appliedHere = (inHand ? (lottery.view?.applications ?? []) : []).filter((application) => application.calendarId === calendarId && application.state === 'applied');
  const applyForLottery = async (slot: CalendarSlot) => {
    setApplying(undefined);
    if (data === undefined || surveyId === null || reservationItemName === null) return;
    const value = formatReservationValue({ categoryId: data.categoryId, date: slot.date, slotId: slot.slotId });
    const applied = await api.applyLottery({ surveyId, itemKey: reservationItemName, value });
    if (isApiError(applied)) {
      setWaitlistNotice({ tone: 'error', text: describeFailure(applied).message });
      return;
    }
    setWaitlistNotice({ tone: 'info', text: lotteryMessages.applied(formatSlotLabel(applied.data)) });
    lottery.refresh();
  };

  const select = (slot: CalendarSlot) => {
    // Until the calendar is known not to be a lottery's, a slot is not taken: the citizen would fill
    // in the form only to be told at 送信する (a failed ask lets them on; the server has the last word).
    if (!inHand || !lottery.settled) return;
    if (pendingLottery !== undefined) {
      if (lotteryOpen && slot.status === 'open' && slot.left >= calendar.reservationItemCost) setApplying(slot);
      return;
    }
    // Until the limits are known a slot is not taken: a citizen at the limit would only be refused at 送信する.
    if (data === undefined || !limitsSettled || limitReached || slot.status !== 'open' || slot.left < calendar.reservationItemCost) return;
    void dispatch(chooseSlot({ categoryId: data.categoryId, date: slot.date, slotId: slot.slotId })).then((result) => {
      if (chooseSlot.fulfilled.match(result)) void navigate(result.payload);
    });
  };
  return (
    <PageLayout title={calendarMessages.slotsTitle}>
      {calendar.notice === null ? null : <Notice tone="error">{calendar.notice}</Notice>}
      {place === undefined ? null : <h2 className="app-section-title">{place}</h2>}
      {data?.rules.bookingStopped === true ? (
        <Notice tone="error">{calendarMessages.bookingStopped}</Notice>
      ) : inHand ? (
        <p>{calendarMessages.slotsLead}</p>
      ) : (
        <Notice>{calendarMessages.weekToLookAt}</Notice>
      )}
      <BookingLimitNotice categoryId={inHand ? categoryId : undefined} rootCategoryId={rootCategoryId} />
      {pendingLottery === undefined ? null : <Notice>{lotteryOpen ? lotteryMessages.open(japanMoment(pendingLottery.applicationsCloseAt)) : lotteryMessages.closed}</Notice>}
      {appliedHere.length === 0 ? null : <p>{lotteryMessages.appliedHere(appliedHere.map((application) => formatSlotLabel(application)).join('、'))}</p>}
      {offersHere.map((offer) => (
        <Notice key={offer.entryId}>{waitlistMessages.offeredHere(formatSlotLabel(offer), japanMoment(offer.offeredUntil ?? 0))}</Notice>
      ))}
      {waitlistNotice === undefined ? null : (
        <Notice tone={waitlistNotice.tone}>
          <p>{waitlistNotice.text}</p>
          {waitlistNotice.tone === 'info' ? <Link to={paths.waitlist.to()}>{waitlistMessages.seeList}</Link> : null}
        </Notice>
      )}
      {/* A week the server rendered waits for the app (drawn as ever: app.css): a tap on 次の週 before it would be lost. */}
      <fieldset className="app-form-until-live" disabled={!hydrated}>
        <SlotWeek
          dates={dates}
          slots={shownSlots}
          closedDays={data?.closedDays ?? []}
          cost={calendar.reservationItemCost}
          {...(selected === undefined ? {} : { selected })}
          onSelect={select}
          {...(calendar.week > 0 ? { onPreviousWeek: () => dispatch(weekShown(calendar.week - 1)) } : {})}
          {...(hasNextWeek ? { onNextWeek: () => dispatch(weekShown(calendar.week + 1)) } : {})}
          // The week shows once it is known whether its calendar is a lottery's (asked beside the
          // slots): a tap before that would be lost (select waits for it). One only to look at
          // shows at once: no slot in it can be chosen.
          state={slots.isError ? 'error' : data === undefined || (inHand && !lottery.settled) ? 'loading' : 'ready'}
          onRetry={() => void slots.refetch()}
          disabled={!inHand || limitReached}
          {...(inHand && waitlist.view?.open === true && data?.rules.bookingStopped !== true ? { onWaitlist: setJoining } : {})}
        />
      </fieldset>
      <Dialog
        open={joining !== undefined}
        title={waitlistMessages.joinTitle}
        confirmLabel={waitlistMessages.join}
        cancelLabel={waitlistMessages.notNow}
        onConfirm={() => {
          if (joining !== undefined) void join(joining);
        }}
        onCancel={() => {
          setJoining(undefined);
        }}
      >
        <p>{joining === undefined ? null : waitlistMessages.joinLead(formatSlotLabel(joining))}</p>
      </Dialog>
      <Dialog
        open={applying !== undefined}
        title={lotteryMessages.applyTitle}
        confirmLabel={lotteryMessages.apply}
        cancelLabel={lotteryMessages.notNow}
        onConfirm={() => {
          if (applying !== undefined) void applyForLottery(applying);
        }}
        onCancel={() => {
          setApplying(undefined);
        }}
      >
        <p>{applying === undefined || pendingLottery === undefined ? null : lotteryMessages.applyLead(formatSlotLabel(applying), japanMoment(pendingLottery.applicationsCloseAt))}</p>
      </Dialog>
      {surveyId !== null && inHand ? (
        <div className="app-actions">
          {rootCategoryId !== undefined && category?.categoryId === rootCategoryId ? null : (
            <Link className="city-button city-button--secondary" to={paths.calendar.to()}>
              {calendarMessages.chooseAnotherPlace}
            </Link>
          )}
          <Link className="city-button city-button--secondary" to={paths.survey.to(surveyId)}>
            {calendarMessages.backToSurvey}
          </Link>
        </div>
      ) : (
        <div className="app-actions">
          <Link className="city-button city-button--secondary" to={HOME_PATH}>
            {messages.goHome}
          </Link>
        </div>
      )}
    </PageLayout>
  );
}
