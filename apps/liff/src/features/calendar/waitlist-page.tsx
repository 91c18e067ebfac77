// `/waitlist` (not in the spec): the citizen's キャンセル待ち and 抽選. Each lottery application with
// its slot and result (one taking part can be withdrawn before the deadline); each waitlist place
// with where it stands: waiting (how many are ahead), offered (until when; この枠で申し込む opens the
// survey's form with the slot answered: a lottery's winner books here too), booked, or ended. A
// waiting or offered place can be left. The LINE messages of an offer and of a draw link here.
import type { LotteryApplication, WaitlistPlace } from '@city/api-client';
import { isApiError } from '@city/api-client';
import { formatReservationValue } from '@city/survey-core';
import { Button, Dialog, formatSlotLabel, Notice, PageLayout } from '@city/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { describeFailure } from '../../lib/api-errors.js';
import { useAppDispatch, useAppSelector, useServices } from '../../store/hooks.js';
import { answerRestarted } from '../../store/survey-slice.js';
import { useGetCalendarCategoriesQuery } from '../../store/api-slice.js';
import { japanMoment, lotteryMessages, waitlistMessages as text } from '../../waitlist-messages.js';
import { useLottery, useWaitlist } from './use-waitlist.js';

function standing(place: WaitlistPlace, now: number): string {
  if (place.state === 'waiting') return text.waiting(place.ahead ?? 0);
  if (place.state === 'offered') return (place.offeredUntil ?? 0) > now ? text.offered(japanMoment(place.offeredUntil ?? 0)) : text.expired;
  if (place.state === 'booked') return text.booked;
  return place.state === 'left' ? text.left : text.expired;
}

/**
 * Where an application stands, read with the citizen's place in the slot's queue (a winner's offer,
 * a reserve's place): none when they were not queued (passed over for the limit, the slot closed).
 */
function lotteryStanding(application: LotteryApplication, place: WaitlistPlace | undefined, now: number): { text: string; notice: boolean } {
  const states = lotteryMessages.states;
  if (application.state === 'applied') return { text: states.applied, notice: false };
  if (application.state === 'withdrawn') return { text: states.withdrawn, notice: false };
  if (application.state === 'lost') return { text: place === undefined ? states.lostNotQueued : states.lost, notice: false };
  if (place?.state === 'booked') return { text: states.wonBooked, notice: false };
  if (place?.state === 'offered' && (place.offeredUntil ?? 0) > now) return { text: states.won, notice: true };
  return { text: states.wonLapsed, notice: false };
}

export function WaitlistPage() {
  const { api, now } = useServices();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const waitlist = useWaitlist(undefined);
  const lottery = useLottery(undefined);
  const [withdrawing, setWithdrawing] = useState<LotteryApplication | undefined>(undefined);
  const categories = useGetCalendarCategoriesQuery(undefined);
  const answers = useAppSelector((state) => state.survey);
  const [leaving, setLeaving] = useState<WaitlistPlace | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);

  /**
   * The survey's form with the offered slot answered, and what the citizen typed into it before
   * (in this visit, or their saved draft after the app was closed) kept.
   */
  const apply = async (place: WaitlistPlace) => {
    const category = categories.currentData?.find((candidate) => candidate.calendarId === place.calendarId);
    if (category === undefined) return;
    // A new answer: an edit of another record left unfinished is not what the offer books.
    const typing = answers.surveyId === place.surveyId && !answers.inEditingAppendingMode;
    const draft = typing ? undefined : await Promise.resolve().then(() => api.getDraft(place.surveyId)).catch(() => undefined);
    const kept = typing ? answers.surveyInput : draft === undefined || isApiError(draft) ? {} : (draft.data?.answers ?? {});
    const slot = formatReservationValue({ categoryId: category.categoryId, date: place.date, slotId: place.slotId });
    dispatch(answerRestarted({ surveyId: place.surveyId, answers: { ...kept, [place.itemKey]: slot } }));
    void navigate(paths.survey.to(place.surveyId));
  };
  const leave = async (place: WaitlistPlace) => {
    setLeaving(undefined);
    const left = await api.leaveWaitlist(place.entryId);
    if (isApiError(left)) setFailure(describeFailure(left).message);
    waitlist.refresh();
  };

  const withdraw = async (application: LotteryApplication) => {
    setWithdrawing(undefined);
    const withdrawn = await api.withdrawLottery(application.applicationId);
    if (isApiError(withdrawn)) setFailure(describeFailure(withdrawn).message);
    lottery.refresh();
  };

  const places = waitlist.view?.places;
  const applications = lottery.view?.applications ?? [];
  return (
    <PageLayout title={text.pageTitle}>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {applications.length === 0 ? null : (
        <section>
          <h2 className="app-section-title">{lotteryMessages.sectionTitle}</h2>
          <ul className="app-waitlist">
            {applications.map((application) => {
              // The place the draw gave them in the slot's queue: made at the draw, so after the application.
              const place = places?.find((candidate) => candidate.calendarId === application.calendarId && candidate.date === application.date && candidate.slotId === application.slotId && candidate.createdAt >= application.createdAt);
              const standing = lotteryStanding(application, place, now());
              return (
                <li key={application.applicationId} className="app-waitlist__place">
                  <p className="app-waitlist__slot">{formatSlotLabel(application)}</p>
                  {standing.notice ? <Notice>{standing.text}</Notice> : <p>{standing.text}</p>}
                  {application.state === 'applied' ? (
                    <div className="app-actions">
                      <Button
                        variant="secondary"
                        onClick={() => {
                          setWithdrawing(application);
                        }}
                      >
                        {lotteryMessages.withdraw}
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {applications.length === 0 ? null : <h2 className="app-section-title">{text.sectionTitle}</h2>}
      {places === undefined ? null : places.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <ul className="app-waitlist">
          {places.map((place) => {
            const open = place.state === 'waiting' || (place.state === 'offered' && (place.offeredUntil ?? 0) > now());
            return (
              <li key={place.entryId} className="app-waitlist__place">
                <p className="app-waitlist__slot">{formatSlotLabel(place)}</p>
                {place.state === 'offered' && open ? <Notice>{standing(place, now())}</Notice> : <p>{standing(place, now())}</p>}
                <div className="app-actions">
                  {place.state === 'offered' && open ? (
                    <Button
                      // The slot is answered by its category: known once the categories have loaded.
                      disabled={categories.currentData === undefined}
                      onClick={() => {
                        void apply(place);
                      }}
                    >
                      {text.apply}
                    </Button>
                  ) : null}
                  {open ? (
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setLeaving(place);
                      }}
                    >
                      {text.leave}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog
        open={leaving !== undefined}
        title={text.leaveTitle}
        confirmLabel={text.leaveConfirm}
        cancelLabel={text.leaveCancel}
        danger
        onConfirm={() => {
          if (leaving !== undefined) void leave(leaving);
        }}
        onCancel={() => {
          setLeaving(undefined);
        }}
      >
        <p>{text.leaveLead}</p>
      </Dialog>
      <Dialog
        open={withdrawing !== undefined}
        title={lotteryMessages.withdrawTitle}
        confirmLabel={lotteryMessages.withdrawConfirm}
        cancelLabel={lotteryMessages.withdrawCancel}
        danger
        onConfirm={() => {
          if (withdrawing !== undefined) void withdraw(withdrawing);
        }}
        onCancel={() => {
          setWithdrawing(undefined);
        }}
      >
        <p>{lotteryMessages.withdrawLead}</p>
      </Dialog>
    </PageLayout>
  );
}
