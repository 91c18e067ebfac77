// What a citizen's LINE message about a booking says: the values of the service message template
// (date, time, place, what was booked, the link to change or cancel it). Plain Japanese, each value
// within LINE's limit for a template's detail (50 characters; longer ones are refused).
import type { MessageKind } from './message-repository.js';

/** The kinds of service message, each an approved template of the MINI App channel. */
export type ServiceTemplateKind = Exclude<MessageKind, 'notice' | 'waitlist_offer' | 'lottery_result'>;
export const SERVICE_TEMPLATE_KINDS: readonly ServiceTemplateKind[] = ['booked', 'changed', 'cancelled', 'paid', 'reminder'];

/**
 * The template names used when none are configured (LINE_SERVICE_TEMPLATES): what the stand-in
 * answers. A real channel uses the names its approved templates have in the LINE Developers Console
 * (`{name}_{language}`, at most 30 characters).
 */
export const DEFAULT_SERVICE_TEMPLATES: Readonly<Record<ServiceTemplateKind, string>> = {
  booked: 'booking_confirm_ja',
  changed: 'booking_change_ja',
  cancelled: 'booking_cancel_ja',
  paid: 'payment_receipt_ja',
  reminder: 'booking_remind_ja',
};

/** A booked slot, as a message names it. */
export interface BookedSlot {
  date: string;
  start: string;
  end: string;
}

export interface BookingFacts {
  surveyTitle: string;
  receiptNumber: string;
  slot: BookedSlot;
  /** The calendar's category path (会場), e.g. 健康診断 中央保健センター. */
  place: string;
  /** Where the citizen changes or cancels it (the mini-app's list of their bookings). */
  link: string;
}

/** A booking's payment, as its receipt message names it. */
export interface PaymentFacts {
  /** Yen, tax included. */
  total: number;
  /** The receipt's page in the mini-app. */
  receiptLink: string;
}

/** LINE's hard limit for a value of a detailed template (grapheme clusters). */
const VALUE_LIMIT = 50;
const segmenter = new Intl.Segmenter('ja', { granularity: 'grapheme' });
function fit(value: string): string {
  const graphemes = [...segmenter.segment(value)].map((part) => part.segment);
  return graphemes.length <= VALUE_LIMIT ? value : `${graphemes.slice(0, VALUE_LIMIT - 1).join('')}…`;
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

/** 2026年12月1日（火） */
export function japaneseDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
  return `${String(year)}年${String(month)}月${String(day)}日（${weekday}）`;
}

const TITLES: Readonly<Record<ServiceTemplateKind, string>> = {
  booked: 'ご予約を受け付けました',
  changed: 'ご予約を変更しました',
  cancelled: 'ご予約をキャンセルしました',
  paid: 'お支払いを受け付けました',
  reminder: '明日以降のご予約のお知らせ',
};

/** The template's values for a booking's receipt: what was paid, and the link to the receipt. */
export function receiptParams(facts: BookingFacts, payment: PaymentFacts): Record<string, string> {
  return {
    ...bookingParams('paid', facts),
    note: fit(`お支払い金額 ${payment.total.toLocaleString('ja-JP')}円（税込）。領収書は下のボタンから見られます。`),
    btn1_url: payment.receiptLink,
  };
}

/** The template's values for a booking message. */
export function bookingParams(kind: ServiceTemplateKind, facts: BookingFacts, daysBefore?: number): Record<string, string> {
  const title = kind === 'reminder' && daysBefore !== undefined ? reminderTitle(daysBefore) : TITLES[kind];
  return {
    title: fit(title),
    date: fit(japaneseDate(facts.slot.date)),
    time: fit(`${facts.slot.start}〜${facts.slot.end}`),
    place: fit(facts.place),
    detail: fit(`${facts.surveyTitle}（受付番号 ${facts.receiptNumber}）`),
    note: fit(kind === 'cancelled' ? 'またのご利用をお待ちしております。' : '変更・キャンセルは下のボタンからどうぞ。'),
    btn1_url: facts.link,
  };
}

function reminderTitle(daysBefore: number): string {
  if (daysBefore === 0) return '本日のご予約のお知らせ';
  if (daysBefore === 1) return '明日のご予約のお知らせ';
  return `${String(daysBefore)}日後のご予約のお知らせ`;
}
