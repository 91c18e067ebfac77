import { uiMessages } from '../messages.js';
import { formatSlotLabel } from '../slot-format.js';

export interface BookingSummaryProps {
  /** The slot's date, `YYYY-MM-DD` (Japan time). */
  date: string;
  /** `HH:MM`. */
  start: string;
  end: string;
  /** Where: the venue (the bookable category's name, e.g. 中央保健センター). */
  place: string;
  /** What is booked (e.g. 特定健診), shown first when given. */
  title?: string | undefined;
}

/**
 * A booking as the confirm, receipt and details screens show it: 予約内容, 日時
 * (`12月1日（火）10:00〜11:00`) and 場所, as a definition list like `SurveyConfirm`'s.
 */
export function BookingSummary({ date, start, end, place, title }: BookingSummaryProps) {
  return (
    <dl className="city-confirm city-booking">
      {title === undefined ? null : (
        <div className="city-confirm__row">
          <dt>{uiMessages.bookingTitle}</dt>
          <dd>{title}</dd>
        </div>
      )}
      <div className="city-confirm__row">
        <dt>{uiMessages.bookingDateTime}</dt>
        <dd>{formatSlotLabel({ date, start, end })}</dd>
      </div>
      <div className="city-confirm__row">
        <dt>{uiMessages.bookingPlace}</dt>
        <dd>{place}</dd>
      </div>
    </dl>
  );
}
