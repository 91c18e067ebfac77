import type { StaffOrder } from '@city/api-client/staff-contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';

/** An order's 受付番号, linking to the record it pays for (the row's header cell in both order tables). */
export function ReceiptLink({ order }: { order: StaffOrder }) {
  return (
    <Link to={paths.record.to(order.surveyId, order.partitionKey)} aria-label={messages.recordLink(order.receiptNumber)}>
      {order.receiptNumber}
    </Link>
  );
}
