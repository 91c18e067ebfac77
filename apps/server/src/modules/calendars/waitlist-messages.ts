// What a citizen offered a freed place is told (a LINE message from the municipality's account).
import { messages } from '../../messages.js';
import { japaneseDate } from '../line/citizen-messages.js';
import type { WaitlistOffer } from './waitlist.js';

/** 12月1日（火）14:30, in Japan's time. */
function japaneseMoment(ms: number): string {
  const iso = new Date(ms + 9 * 3600_000).toISOString();
  return `${japaneseDate(iso.slice(0, 10)).replace(/^\d+年/, '')}${iso.slice(11, 16)}`;
}

export function waitlistOfferText(offer: WaitlistOffer, link: string): string {
  return messages.waitlistOfferText(`${japaneseDate(offer.entry.date)} ${offer.start}〜${offer.end}`, japaneseMoment(offer.until), link);
}
