import type { PricedOrderLine } from '@city/survey-core';
import { useId, useState } from 'react';
import { uiPaymentMessages } from '../payment-messages.js';
import { formatYen } from '../yen.js';
import { OrderSummary } from './order-summary.js';

/** Who issues the receipt: the municipality's settings (as `ReceiptIssuer` in @city/api-client). */
export interface ReceiptIssuerInfo {
  name: string;
  address?: string | undefined;
  phone?: string | undefined;
  /** 適格請求書発行事業者登録番号 (T + 13 digits), when there is one. */
  registrationNumber?: string | undefined;
}

export interface ReceiptDocumentProps {
  /** 宛名 to start with: the citizen's name. They may change it before printing. */
  recipientName: string;
  /** Yen, tax included. */
  total: number;
  /** 但し書き, e.g. 「健康診断 受診料として」. */
  proviso: string;
  /** 受付番号. */
  receiptNumber: string;
  lines: readonly PricedOrderLine[];
  /** `card`, `konbini` or `paypay` (shown in words); anything else as it is. */
  paymentMethod?: string | undefined;
  /** When it was paid (ms since the epoch). */
  paidAt?: number | undefined;
  /** 発行日: today (ms since the epoch), shown as Japan's date. */
  issuedAt: number;
  issuer: ReceiptIssuerInfo;
}

const japanDate = new Intl.DateTimeFormat('ja-JP', { dateStyle: 'long', timeZone: 'Asia/Tokyo' });

/** 「2026年11月23日」: the date in Japan of an instant. */
export function formatJapanDate(epochMs: number): string {
  return japanDate.format(epochMs);
}

/** クレジットカード, コンビニ払い, PayPay: how a payment method reads on a receipt. */
export function paymentMethodLabel(method: string): string {
  return uiPaymentMessages.paymentMethods[method] ?? method;
}

/**
 * A 領収書 with what a Japanese receipt needs: 宛名 (editable before printing, since a receipt is
 * often made out to someone else), 金額, 但し書き, 発行日 and 発行者 (with the registration number
 * when the municipality has one), plus the 受付番号, the lines, how and when it was paid. When it
 * is on the page, printing prints only the document (see styles.css).
 */
export function ReceiptDocument({ recipientName, total, proviso, receiptNumber, lines, paymentMethod, paidAt, issuedAt, issuer }: ReceiptDocumentProps) {
  const [recipient, setRecipient] = useState(recipientName);
  const inputId = useId();
  const titleId = useId();
  return (
    <div className="city-receipt-wrap">
      <div className="city-field city-receipt__editor">
        <label className="city-field__label" htmlFor={inputId}>
          {uiPaymentMessages.receiptRecipientLabel}
        </label>
        <input
          id={inputId}
          className="city-input"
          value={recipient}
          autoComplete="name"
          onChange={(event) => {
            setRecipient(event.target.value);
          }}
        />
      </div>
      <section className="city-receipt" aria-labelledby={titleId}>
        <h2 id={titleId} className="city-receipt__title">
          {uiPaymentMessages.receiptTitle}
        </h2>
        <p className="city-receipt__recipient">
          <span data-testid="receipt-recipient">{recipient}</span> {uiPaymentMessages.honorific}
        </p>
        <dl className="city-receipt__amount">
          <dt>{uiPaymentMessages.receiptAmountLabel}</dt>
          <dd>{uiPaymentMessages.receiptAmount(formatYen(total))}</dd>
        </dl>
        <dl className="city-receipt__facts">
          <div>
            <dt>{uiPaymentMessages.receiptProviso}</dt>
            <dd>{proviso}</dd>
          </div>
          <div>
            <dt>{uiPaymentMessages.receiptNumber}</dt>
            <dd>{receiptNumber}</dd>
          </div>
          {paymentMethod === undefined ? null : (
            <div>
              <dt>{uiPaymentMessages.receiptPaymentMethod}</dt>
              <dd>{paymentMethodLabel(paymentMethod)}</dd>
            </div>
          )}
          {paidAt === undefined ? null : (
            <div>
              <dt>{uiPaymentMessages.receiptPaidAt}</dt>
              <dd>{formatJapanDate(paidAt)}</dd>
            </div>
          )}
          <div>
            <dt>{uiPaymentMessages.receiptIssuedAt}</dt>
            <dd>{formatJapanDate(issuedAt)}</dd>
          </div>
        </dl>
        <p className="city-receipt__acknowledged">{uiPaymentMessages.receiptAcknowledged}</p>
        <OrderSummary lines={lines} total={total} title={uiPaymentMessages.receiptLines} />
        <div className="city-receipt__issuer">
          <p className="city-receipt__issuer-label">{uiPaymentMessages.receiptIssuer}</p>
          <p className="city-receipt__issuer-name">{issuer.name}</p>
          {issuer.address === undefined ? null : <p>{issuer.address}</p>}
          {issuer.phone === undefined ? null : <p>{uiPaymentMessages.receiptPhone(issuer.phone)}</p>}
          {issuer.registrationNumber === undefined ? null : <p>{uiPaymentMessages.receiptRegistrationNumber(issuer.registrationNumber)}</p>}
        </div>
      </section>
    </div>
  );
}
