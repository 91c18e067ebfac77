import { Notice, PageLayout } from '@city/ui';
import { Link } from 'react-router';
import { HOME_PATH } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { calendarMessages } from '../../calendar-messages.js';

/**
 * The calendar opened with no reservation item to choose a slot for (a reload, a bookmark): the
 * answers it would return to are gone, so say so and lead back.
 */
export function NoReservationInHand({ title }: { title: string }) {
  return (
    <PageLayout title={title}>
      <Notice>{calendarMessages.noReservationInHand}</Notice>
      <Link to={HOME_PATH}>{messages.goHome}</Link>
    </PageLayout>
  );
}
