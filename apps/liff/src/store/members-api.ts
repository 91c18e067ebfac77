import type { MemberCard } from '@city/api-client';
import { isApiError, MEMBER_ERROR_CODES } from '@city/api-client';
import type { SurveyResultRow } from '@city/survey-core';
import type { RecordKey } from '../lib/records.js';
import { ALL_SURVEYS, apiSlice, servicesOf, userIdOf } from './api-slice.js';
import { failureOf } from './call-failure.js';

/** What a citizen types to find a record staff imported: the survey and its look-up answers. */
export interface LookUp {
  surveyId: string;
  lookup: Record<string, string>;
}

/**
 * The member calls. A member card is a view of the member survey's record, so it is tagged as that
 * survey's records: registering, changing, claiming or withdrawing loads it again.
 */
export const membersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** The citizen's member card of a member survey (`members/card`), or null when they are not a member. */
    getMemberCard: build.query<MemberCard | null, string>({
      queryFn: async (surveyId, { extra, dispatch }) => {
        const result = await servicesOf(extra).api.getMemberCard(surveyId);
        if (!isApiError(result)) return { data: result.data };
        if (result.status === 404 && result.code === MEMBER_ERROR_CODES.notMember) return { data: null };
        return { error: failureOf(result, dispatch) };
      },
      providesTags: (_result, _error, surveyId) => [{ type: 'Records', id: surveyId }],
    }),
    /** Leaves the membership (`members/withdraw`): the registration goes, its number is retired. */
    withdrawMembership: build.mutation<RecordKey, RecordKey>({
      queryFn: async (record, { extra, dispatch }) => {
        const result = await servicesOf(extra).api.withdrawMembership({ surveyId: record.surveyId, partitionKey: record.partitionKey });
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: record };
      },
      invalidatesTags: (_result, error, { surveyId }) => (error === undefined ? [{ type: 'Records', id: surveyId }, { type: 'Records', id: ALL_SURVEYS }] : []),
    }),
    /**
     * Finds a record by the survey's look-up items (`survey-results/filterQuery`): its rows, which
     * the citizen may then claim. Misses count towards the server's daily lockout.
     */
    lookUpRecord: build.mutation<SurveyResultRow[], LookUp>({
      queryFn: async ({ surveyId, lookup }, { extra, getState, dispatch }) => {
        const requestingUserId = userIdOf(getState, 'lookUpRecord');
        const result = await servicesOf(extra).api.filterSurveyResults({ queryParams: { surveyId, lookup }, requestingUserId });
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result.data };
      },
    }),
    /** Makes the record found by look-up the citizen's (`reservation/putUserId`). */
    claimRecord: build.mutation<RecordKey, RecordKey>({
      queryFn: async (record, { extra, getState, dispatch }) => {
        const userId = userIdOf(getState, 'claimRecord');
        const result = await servicesOf(extra).api.putUserId({ surveyId: record.surveyId, partitionKey: record.partitionKey, userId });
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: record };
      },
      invalidatesTags: (_result, error, { surveyId }) => (error === undefined ? [{ type: 'Records', id: surveyId }, { type: 'Records', id: ALL_SURVEYS }] : []),
    }),
  }),
});

export const { useGetMemberCardQuery, useWithdrawMembershipMutation, useLookUpRecordMutation, useClaimRecordMutation } = membersApi;
