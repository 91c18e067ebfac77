/**
 * How long a hold keeps its slot units for a citizen who is paying (ms). The provider's session is
 * asked to end SESSION_MARGIN_MS (5 minutes) before the hold lapses, so a payment finished inside
 * its session never finds its units gone, and 40 minutes leaves that session 35: more than the 30
 * minutes Stripe requires of a Checkout Session, with room for the time it takes to open one.
 */
export const HOLD_LIFETIME_MS = 40 * 60_000;
