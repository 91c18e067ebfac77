import { isApiError } from '@city/api-client';
import type { Dispatch } from '@reduxjs/toolkit';
import type { CallFailure } from '../lib/api-errors.js';
import { describeFailure } from '../lib/api-errors.js';
import { sessionLost } from './session-slice.js';

/**
 * What a query, mutation or thunk fails with when a call failed. A 401 also starts the way back
 * to the login screen (spec section 4): the server said the session is missing or expired.
 */
export function failureOf(error: unknown, dispatch: Dispatch): CallFailure {
  const failure = describeFailure(error);
  if (failure.sessionLost) {
    dispatch(sessionLost(isApiError(error) && error.code === 'login_required' ? 'notLoggedIn' : 'expired'));
  }
  return failure;
}
