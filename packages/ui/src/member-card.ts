// The `@city/ui/member-card` entry: the member card and what it needs (qrcode, jsbarcode), apart
// from the main entry so that no screen without a card ever bundles the code generators.
export type { MemberCardProps } from './components/member-card.js';
export { MemberCard } from './components/member-card.js';
export { uiMemberMessages } from './member-messages.js';
