// The staff API as RTK Query endpoints, each typed from the contract's schemas (staffEndpoints),
// so a change of the contract shows up here as a type error. Session responses also go to the
// session slice: its CSRF token goes along with every later call that changes something.
import type { StaffEndpointName, StaffSession } from '@city/api-client/staff-contract';
import type { staffEndpoints } from '@city/api-client/staff-contract';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { Static, TSchema } from 'typebox';
import type { StaffCallError } from './base-query.js';
import { staffBaseQuery } from './base-query.js';
import { sessionReceived, signedOut } from './session-slice.js';

type Endpoints = typeof staffEndpoints;
/** The response body of an endpoint (never for a file download, which has no JSON body). */
export type ResponseOf<Name extends StaffEndpointName> = Endpoints[Name] extends { response: infer Schema extends TSchema } ? Static<Schema> : never;
/** The request body of an endpoint. */
export type BodyOf<Name extends StaffEndpointName> = Endpoints[Name] extends { body: infer Schema extends TSchema } ? Static<Schema> : never;
/** The query string of an endpoint. */
export type QueryOf<Name extends StaffEndpointName> = Endpoints[Name] extends { query: infer Schema extends TSchema } ? Static<Schema> : never;
/** The path parameters of an endpoint. */
export type ParamsOf<Name extends StaffEndpointName> = Endpoints[Name] extends { params: infer Schema extends TSchema } ? Static<Schema> : never;

export type StaffSurvey = ResponseOf<'staffSurveys'>['data'][number];
/** A survey's whole configuration as the signed-in staff member may see it. */
export type StaffSurveyConfig = ResponseOf<'staffSurvey'>['data'];
export type StaffMember = ResponseOf<'staffMembers'>['data'][number];
export type RecordsPage = ResponseOf<'staffRecords'>;
export type RecordPage = ResponseOf<'staffRecord'>['data'];
export type BulkStatusReport = ResponseOf<'staffBulkStatus'>['data'];
export type ExportCheckReport = ResponseOf<'staffCheckExport'>['data'];
export type RecordsImportReport = ResponseOf<'staffImportRecords'>['data'];
export type TotpEnrolment = ResponseOf<'staffTotpEnrolment'>['data'];
export type CalendarCategories = ResponseOf<'staffCalendarCategories'>['data'];
export type CalendarSlotsData = ResponseOf<'staffCalendarSlots'>['data'];
/** A team a survey may be given to. */
export type StaffTeam = ResponseOf<'staffTeams'>['data'][number];
/** A survey as the editor opens it: its configuration, state, version, teams and what is answered. */
export type SurveyEditorData = ResponseOf<'staffSurveyEditor'>['data'];

/** A record, by the survey it belongs to. */
export interface RecordRef {
  surveyId: string;
  partitionKey: string;
}

/** Stores a session response in the session slice once it arrives. */
async function keepSession(dispatch: (action: unknown) => unknown, queryFulfilled: Promise<{ data: StaffSession }>): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(sessionReceived(data));
  } catch {
    // Refused: the screen shows the error; a lost session is handled by the base query.
  }
}

const dataOf = <Body extends { data: unknown }>(response: Body): Body['data'] => response.data;

export const staffApi = createApi({
  reducerPath: 'staffApi',
  baseQuery: staffBaseQuery,
  // Records: a survey's result list (id: surveyId). Record: one record's page (id: partitionKey).
  // Slots: a calendar's slots (id: calendarId), which a booking, cancel or reopen changes.
  // Columns: the staff member's column choice for a survey's list (id: surveyId).
  // Staff: the staff accounts (an unlock changes one).
  // Surveys: the list of surveys. Survey: one survey's configuration and editor view (id: surveyId).
  // Orders: the orders list (a refund or a settling changes it).
  tagTypes: ['Records', 'Record', 'Slots', 'Audit', 'Columns', 'Staff', 'Surveys', 'Survey', 'Settings', 'Orders'],
  // The console shows personal data: nothing is kept once no screen shows it.
  keepUnusedDataFor: 0,
  endpoints: (build) => ({
    staffSession: build.query<StaffSession, undefined>({
      query: () => ({ endpoint: 'staffSession' }),
      transformResponse: dataOf<ResponseOf<'staffSession'>>,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepSession(dispatch, queryFulfilled),
    }),
    staffSignIn: build.mutation<StaffSession, BodyOf<'staffSignIn'>>({
      query: (body) => ({ endpoint: 'staffSignIn', body }),
      transformResponse: dataOf<ResponseOf<'staffSignIn'>>,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepSession(dispatch, queryFulfilled),
    }),
    staffSecondFactor: build.mutation<StaffSession, BodyOf<'staffSecondFactor'>>({
      query: (body) => ({ endpoint: 'staffSecondFactor', body }),
      transformResponse: dataOf<ResponseOf<'staffSecondFactor'>>,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepSession(dispatch, queryFulfilled),
    }),
    staffTotpEnrolment: build.mutation<TotpEnrolment, undefined>({
      query: () => ({ endpoint: 'staffTotpEnrolment' }),
      transformResponse: dataOf<ResponseOf<'staffTotpEnrolment'>>,
    }),
    staffSignOut: build.mutation<ResponseOf<'staffSignOut'>, undefined>({
      query: () => ({ endpoint: 'staffSignOut' }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        // Signed out here whatever the server says: the staff member asked to leave.
        await queryFulfilled.catch(() => undefined);
        dispatch(signedOut());
      },
    }),
    staffSurveys: build.query<StaffSurvey[], undefined>({
      query: () => ({ endpoint: 'staffSurveys' }),
      transformResponse: dataOf<ResponseOf<'staffSurveys'>>,
      providesTags: ['Surveys'],
    }),
    staffSurvey: build.query<StaffSurveyConfig, ParamsOf<'staffSurvey'>>({
      query: (params) => ({ endpoint: 'staffSurvey', params: { ...params } }),
      transformResponse: dataOf<ResponseOf<'staffSurvey'>>,
      providesTags: (_result, _error, { surveyId }) => [{ type: 'Survey', id: surveyId }],
    }),
    staffTeams: build.query<StaffTeam[], undefined>({
      query: () => ({ endpoint: 'staffTeams' }),
      transformResponse: dataOf<ResponseOf<'staffTeams'>>,
    }),
    staffSurveyEditor: build.query<SurveyEditorData, ParamsOf<'staffSurveyEditor'>>({
      query: (params) => ({ endpoint: 'staffSurveyEditor', params: { ...params } }),
      transformResponse: dataOf<ResponseOf<'staffSurveyEditor'>>,
      providesTags: (_result, _error, { surveyId }) => [{ type: 'Survey', id: surveyId }],
    }),
    staffCreateSurvey: build.mutation<ResponseOf<'staffCreateSurvey'>['data'], BodyOf<'staffCreateSurvey'>>({
      query: (body) => ({ endpoint: 'staffCreateSurvey', body }),
      transformResponse: dataOf<ResponseOf<'staffCreateSurvey'>>,
      invalidatesTags: (_result, error) => (error === undefined ? ['Surveys', 'Audit'] : []),
    }),
    // A saved edit changes the list's items and columns too.
    staffEditSurvey: build.mutation<ResponseOf<'staffEditSurvey'>['data'], ParamsOf<'staffEditSurvey'> & BodyOf<'staffEditSurvey'>>({
      query: ({ surveyId, ...body }) => ({ endpoint: 'staffEditSurvey', params: { surveyId }, body }),
      transformResponse: dataOf<ResponseOf<'staffEditSurvey'>>,
      invalidatesTags: (_result, error, { surveyId }) =>
        error === undefined ? ['Surveys', 'Audit', { type: 'Survey', id: surveyId }, { type: 'Records', id: surveyId }, { type: 'Columns', id: surveyId }] : [],
    }),
    // The body names the copy's own surveyId: the survey copied goes as `sourceId`.
    staffCopySurvey: build.mutation<ResponseOf<'staffCopySurvey'>['data'], { sourceId: string; copy: BodyOf<'staffCopySurvey'> }>({
      query: ({ sourceId, copy }) => ({ endpoint: 'staffCopySurvey', params: { surveyId: sourceId }, body: copy }),
      transformResponse: dataOf<ResponseOf<'staffCopySurvey'>>,
      invalidatesTags: (_result, error) => (error === undefined ? ['Surveys', 'Audit'] : []),
    }),
    staffSetSurveyState: build.mutation<ResponseOf<'staffSetSurveyState'>, ParamsOf<'staffSetSurveyState'> & BodyOf<'staffSetSurveyState'>>({
      query: ({ surveyId, ...body }) => ({ endpoint: 'staffSetSurveyState', params: { surveyId }, body }),
      invalidatesTags: (_result, error, { surveyId }) => (error === undefined ? ['Surveys', 'Audit', { type: 'Survey', id: surveyId }] : []),
    }),
    staffDeleteSurvey: build.mutation<ResponseOf<'staffDeleteSurvey'>, ParamsOf<'staffDeleteSurvey'>>({
      query: (params) => ({ endpoint: 'staffDeleteSurvey', params: { ...params } }),
      invalidatesTags: (_result, error) => (error === undefined ? ['Surveys', 'Audit'] : []),
    }),
    staffColumnChoice: build.query<ResponseOf<'staffColumnChoice'>['data'], ParamsOf<'staffColumnChoice'>>({
      query: (params) => ({ endpoint: 'staffColumnChoice', params: { ...params } }),
      transformResponse: dataOf<ResponseOf<'staffColumnChoice'>>,
      providesTags: (_result, _error, { surveyId }) => [{ type: 'Columns', id: surveyId }],
    }),
    staffSaveColumnChoice: build.mutation<ResponseOf<'staffSaveColumnChoice'>, ParamsOf<'staffSaveColumnChoice'> & BodyOf<'staffSaveColumnChoice'>>({
      query: ({ surveyId, ...body }) => ({ endpoint: 'staffSaveColumnChoice', params: { surveyId }, body }),
      invalidatesTags: (_result, _error, { surveyId }) => [{ type: 'Columns', id: surveyId }],
    }),
    staffMembers: build.query<StaffMember[], undefined>({
      query: () => ({ endpoint: 'staffMembers' }),
      transformResponse: dataOf<ResponseOf<'staffMembers'>>,
      providesTags: ['Staff'],
    }),
    staffReceiptIssuer: build.query<ResponseOf<'staffReceiptIssuer'>['data'], undefined>({
      query: () => ({ endpoint: 'staffReceiptIssuer' }),
      transformResponse: dataOf<ResponseOf<'staffReceiptIssuer'>>,
      providesTags: ['Settings'],
    }),
    staffSaveReceiptIssuer: build.mutation<ResponseOf<'staffSaveReceiptIssuer'>, BodyOf<'staffSaveReceiptIssuer'>>({
      query: (body) => ({ endpoint: 'staffSaveReceiptIssuer', body }),
      invalidatesTags: ['Settings', 'Audit'],
    }),
    staffUnlock: build.mutation<ResponseOf<'staffUnlock'>, ParamsOf<'staffUnlock'>>({
      query: (params) => ({ endpoint: 'staffUnlock', params: { ...params } }),
      invalidatesTags: ['Staff', 'Audit'],
    }),
    staffRecords: build.query<RecordsPage, ParamsOf<'staffRecords'> & BodyOf<'staffRecords'>>({
      query: ({ surveyId, ...body }) => ({ endpoint: 'staffRecords', params: { surveyId }, body }),
      providesTags: (_result, _error, { surveyId }) => [{ type: 'Records', id: surveyId }],
    }),
    staffRecord: build.query<RecordPage, RecordRef>({
      query: (params) => ({ endpoint: 'staffRecord', params: { ...params } }),
      transformResponse: dataOf<ResponseOf<'staffRecord'>>,
      providesTags: (_result, _error, { partitionKey }) => [{ type: 'Record', id: partitionKey }],
    }),
    staffChangeStatus: build.mutation<ResponseOf<'staffChangeStatus'>['data'], RecordRef & BodyOf<'staffChangeStatus'>>({
      query: ({ surveyId, partitionKey, ...body }) => ({ endpoint: 'staffChangeStatus', params: { surveyId, partitionKey }, body }),
      transformResponse: dataOf<ResponseOf<'staffChangeStatus'>>,
      // Only a change made reloads the record: after a refusal (409 record_changed) the page keeps
      // what the staff member acted on, beside the warning, until they choose to reload.
      invalidatesTags: (_result, error, { surveyId, partitionKey }) => (error === undefined ? [{ type: 'Record', id: partitionKey }, { type: 'Records', id: surveyId }, 'Slots'] : []),
    }),
    staffAddMemo: build.mutation<ResponseOf<'staffAddMemo'>, RecordRef & BodyOf<'staffAddMemo'>>({
      query: ({ surveyId, partitionKey, ...body }) => ({ endpoint: 'staffAddMemo', params: { surveyId, partitionKey }, body }),
      invalidatesTags: (_result, _error, { partitionKey }) => [{ type: 'Record', id: partitionKey }],
    }),
    staffBulkStatus: build.mutation<BulkStatusReport, ParamsOf<'staffBulkStatus'> & BodyOf<'staffBulkStatus'>>({
      query: ({ surveyId, ...body }) => ({ endpoint: 'staffBulkStatus', params: { surveyId }, body }),
      transformResponse: dataOf<ResponseOf<'staffBulkStatus'>>,
      invalidatesTags: (_result, _error, { surveyId }) => [{ type: 'Records', id: surveyId }, 'Record', 'Slots'],
    }),
    // A mutation though it changes nothing: it is asked for once, when staff export, never cached.
    staffCheckExport: build.mutation<ExportCheckReport, ParamsOf<'staffCheckExport'> & BodyOf<'staffCheckExport'>>({
      query: ({ surveyId, ...body }) => ({ endpoint: 'staffCheckExport', params: { surveyId }, body }),
      transformResponse: dataOf<ResponseOf<'staffCheckExport'>>,
    }),
    // Read afresh each time the page is opened: it is a check, not a view to keep.
    staffRecount: build.query<ResponseOf<'staffRecount'>['data'], undefined>({
      query: () => ({ endpoint: 'staffRecount' }),
      transformResponse: dataOf<ResponseOf<'staffRecount'>>,
      keepUnusedDataFor: 0,
    }),
    // The same call checks a file (dryRun) and imports it; an import changes the list.
    staffImportRecords: build.mutation<RecordsImportReport, ParamsOf<'staffImportRecords'> & BodyOf<'staffImportRecords'>>({
      query: ({ surveyId, ...body }) => ({ endpoint: 'staffImportRecords', params: { surveyId }, body }),
      transformResponse: dataOf<ResponseOf<'staffImportRecords'>>,
      invalidatesTags: (result, _error, { surveyId }) => (result?.applied === true ? [{ type: 'Records', id: surveyId }, 'Record', 'Slots'] : []),
    }),
    staffBookOnBehalf: build.mutation<ResponseOf<'staffBookOnBehalf'>['data'], ParamsOf<'staffBookOnBehalf'> & BodyOf<'staffBookOnBehalf'>>({
      query: ({ surveyId, ...body }) => ({ endpoint: 'staffBookOnBehalf', params: { surveyId }, body }),
      transformResponse: dataOf<ResponseOf<'staffBookOnBehalf'>>,
      invalidatesTags: (_result, _error, { surveyId }) => [{ type: 'Records', id: surveyId }, 'Slots'],
    }),
    staffCalendarCategories: build.query<CalendarCategories, undefined>({
      query: () => ({ endpoint: 'staffCalendarCategories' }),
      transformResponse: dataOf<ResponseOf<'staffCalendarCategories'>>,
    }),
    staffCalendarSlots: build.query<CalendarSlotsData, QueryOf<'staffCalendarSlots'>>({
      query: (query) => ({ endpoint: 'staffCalendarSlots', query: { ...query } }),
      transformResponse: dataOf<ResponseOf<'staffCalendarSlots'>>,
      providesTags: (_result, _error, { calendarId }) => [{ type: 'Slots', id: calendarId }],
    }),
    staffOrders: build.query<ResponseOf<'staffOrders'>['data'], QueryOf<'staffOrders'>>({
      query: (query) => ({ endpoint: 'staffOrders', query: { ...query } }),
      transformResponse: dataOf<ResponseOf<'staffOrders'>>,
      providesTags: ['Orders'],
    }),
    // A refund cancels a paid booking: its record, the lists and the slots change with it.
    staffRefundOrder: build.mutation<ResponseOf<'staffRefundOrder'>['data'], ParamsOf<'staffRefundOrder'> & BodyOf<'staffRefundOrder'>>({
      query: ({ orderId, ...body }) => ({ endpoint: 'staffRefundOrder', params: { orderId }, body }),
      transformResponse: dataOf<ResponseOf<'staffRefundOrder'>>,
      invalidatesTags: ['Orders', 'Records', 'Record', 'Slots', 'Audit'],
    }),
    // A mutation though it changes nothing but the audit log: asked for when staff press 照合する.
    staffReconcileOrders: build.mutation<ResponseOf<'staffReconcileOrders'>['data'], BodyOf<'staffReconcileOrders'>>({
      query: (body) => ({ endpoint: 'staffReconcileOrders', body }),
      transformResponse: dataOf<ResponseOf<'staffReconcileOrders'>>,
    }),
    staffSettleOrder: build.mutation<ResponseOf<'staffSettleOrder'>['data'], ParamsOf<'staffSettleOrder'>>({
      query: (params) => ({ endpoint: 'staffSettleOrder', params: { ...params }, body: {} }),
      transformResponse: dataOf<ResponseOf<'staffSettleOrder'>>,
      invalidatesTags: ['Orders', 'Records', 'Record', 'Slots', 'Audit'],
    }),
    staffAudit: build.query<ResponseOf<'staffAudit'>['data'], QueryOf<'staffAudit'>>({
      query: (query) => ({ endpoint: 'staffAudit', query: { ...query } }),
      transformResponse: dataOf<ResponseOf<'staffAudit'>>,
      providesTags: ['Audit'],
    }),
  }),
});

export const {
  useStaffSessionQuery,
  useStaffSignInMutation,
  useStaffSecondFactorMutation,
  useStaffTotpEnrolmentMutation,
  useStaffSignOutMutation,
  useStaffSurveysQuery,
  useStaffSurveyQuery,
  useStaffTeamsQuery,
  useStaffSurveyEditorQuery,
  useStaffCreateSurveyMutation,
  useStaffEditSurveyMutation,
  useStaffCopySurveyMutation,
  useStaffSetSurveyStateMutation,
  useStaffDeleteSurveyMutation,
  useStaffColumnChoiceQuery,
  useStaffSaveColumnChoiceMutation,
  useStaffMembersQuery,
  useStaffReceiptIssuerQuery,
  useStaffSaveReceiptIssuerMutation,
  useStaffUnlockMutation,
  useStaffRecordsQuery,
  useStaffRecordQuery,
  useStaffChangeStatusMutation,
  useStaffAddMemoMutation,
  useStaffBulkStatusMutation,
  useStaffCheckExportMutation,
  useStaffImportRecordsMutation,
  useStaffRecountQuery,
  useStaffBookOnBehalfMutation,
  useStaffCalendarCategoriesQuery,
  useStaffCalendarSlotsQuery,
  useStaffAuditQuery,
  useStaffOrdersQuery,
  useStaffRefundOrderMutation,
  useStaffReconcileOrdersMutation,
  useStaffSettleOrderMutation,
} = staffApi;

/** The error of a failed call, as the base query describes it (undefined for none). */
export function callErrorOf(error: unknown): StaffCallError | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && 'message' in error) return error as StaffCallError;
  return undefined;
}
