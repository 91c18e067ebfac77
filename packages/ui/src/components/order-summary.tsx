import type { PricedOrderLine } from '@city/survey-core';
import { uiPaymentMessages } from '../payment-messages.js';
import { formatYen } from '../yen.js';

export interface OrderSummaryProps {
  /** The priced lines (from `priceOrder`, or the server's order). */
  lines: readonly PricedOrderLine[];
  /** Yen, tax included. */
  total: number;
  /** The table's caption; default ご注文内容. */
  title?: string | undefined;
}

/**
 * What is bought: each line's name, quantity, 税込 unit price and subtotal, then the total
 * 「合計 ¥1,500（税込）」. A real table, so a screen reader reads each figure with its column.
 */
export function OrderSummary({ lines, total, title = uiPaymentMessages.orderTitle }: OrderSummaryProps) {
  return (
    <table className="city-order">
      <caption className="city-order__caption">{title}</caption>
      <thead>
        <tr>
          <th scope="col">{uiPaymentMessages.orderProduct}</th>
          <th scope="col" className="city-order__number">
            {uiPaymentMessages.orderUnitPrice}
          </th>
          <th scope="col" className="city-order__number">
            {uiPaymentMessages.orderQuantity}
          </th>
          <th scope="col" className="city-order__number">
            {uiPaymentMessages.orderSubtotal}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.productId}>
            <th scope="row" className="city-order__name">
              {line.name}
            </th>
            <td className="city-order__number">{formatYen(line.unitPrice)}</td>
            <td className="city-order__number">{line.quantity}</td>
            <td className="city-order__number">{formatYen(line.subtotal)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4} className="city-order__total">
            {uiPaymentMessages.orderTotal(formatYen(total))}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
