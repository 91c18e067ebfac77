export type { FormObject, FormValue } from './form.js';
export { parseStripeForm } from './form.js';
export { stripeSignatureHeader } from './signature.js';
export type {
  CheckoutSessionObject,
  Delivery,
  PaymentIntentObject,
  RefundObject,
  SendOptions,
  StandInSession,
  StripeEvent,
  StripeLineItem,
  StripePaymentMethodType,
  StripeStandIn,
  StripeStandInOptions,
} from './stand-in.js';
export { startStripeStandIn } from './stand-in.js';
