// What a citizen offered a freed place, or drawn in a lottery, is told (a LINE message from the municipality's account).
import { messages } from '../../messages.js';
import { japaneseDate } from '../line/citizen-messages.js';
import type { LotteryResult } from './lottery.js';
import type { WaitlistOffer } from './waitlist.js';

/** 12月1日（火）14:30, in Japan's time. */
function japaneseMoment(ms: number): string {
  const iso = new Date(ms + 9 * 3600_000).toISOString();
  return `${japaneseDate(iso.slice(0, 10)).replace(/^\d+年/, '')}${iso.slice(11, 16)}`;
}

export function waitlistOfferText(offer: WaitlistOffer, link: string): string {
  return messages.waitlistOfferText(`${japaneseDate(offer.entry.date)} ${offer.start}〜${offer.end}`, japaneseMoment(offer.until), link);
}

export function lotteryResultText(result: LotteryResult, link: string): string {
  const slot = `${japaneseDate(result.application.date)} ${result.start}〜${result.end}`;
  return result.until === undefined ? messages.lotteryLostText(slot, result.reserveRank, link) : messages.lotteryWonText(slot, japaneseMoment(result.until), link);
}
