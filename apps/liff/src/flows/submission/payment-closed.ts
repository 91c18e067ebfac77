import { paths } from '../../config/paths.js';
import { readPaymentInProgress } from '../../lib/payment-return.js';
import { createAppThunk } from '../../store/hooks.js';
import { surveySlice } from '../../store/survey-slice.js';
import { newSubmissionIdentity } from '../../store/survey-thunks.js';

/**
 * `temprary` refused the submission's key (409 order_closed): the payment of the order held under
 * it has ended (paid, cancelled, failed or expired), typically on a confirm screen the browser
 * brought back after the provider's page. Sending the same key again would never reach a live
 * payment page. Returns where that order's outcome is shown (`/completedPayment/{id}`) when the
 * order is known (the hold's answer in this page, or the payment in progress in session storage
 * for this survey); otherwise the submission takes a new identity, so the next send is a new
 * application, and returns null (the screen says the previous payment ended).
 */
export const paymentClosed = createAppThunk('submission/paymentClosed', (_: undefined, { getState, dispatch, extra }) => {
  const { survey } = getState();
  const inProgress = readPaymentInProgress(extra.storage);
  const orderId = survey.pendingSubmission?.orderId ?? (inProgress !== null && inProgress.surveyId === survey.surveyId ? inProgress.orderId : undefined);
  if (orderId !== undefined) return paths.completedPayment.to(orderId);
  dispatch(surveySlice.actions.identityFixed(newSubmissionIdentity(extra.now())));
  return null;
});
