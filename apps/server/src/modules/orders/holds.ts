/**
 * How long a hold keeps its slot units for a citizen who is paying (ms). A Stripe Checkout
 * session lives at least 30 minutes; the hold outlives the longest session a provider is asked
 * for, with a margin for a notification that arrives a little late, so a payment finished inside
 * its session never finds its units gone.
 */
export const HOLD_LIFETIME_MS = 35 * 60_000;
