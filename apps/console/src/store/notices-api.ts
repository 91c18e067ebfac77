// Notices to citizens through LINE, and a calendar's reminder: their calls, injected into the staff
// API from here. A notice's report is read again while its messages are still being sent.
import type { CalendarReminder, NoticeReport } from '@city/api-client/staff-contract';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from './staff-api.js';
import { staffApi } from './staff-api.js';

export type { CalendarReminder, NoticeReport };
export type NoticeRecipients = ResponseOf<'staffNoticeRecipients'>['data'];

const dataOf = <Body extends { data: unknown }>(response: Body): Body['data'] => response.data;

export const noticesApi = staffApi.enhanceEndpoints({ addTagTypes: ['Notices', 'Reminder'] }).injectEndpoints({
  endpoints: (build) => ({
    staffSendNotice: build.mutation<NoticeReport, ParamsOf<'staffSendNotice'> & BodyOf<'staffSendNotice'>>({
      query: ({ surveyId, ...body }) => ({ endpoint: 'staffSendNotice', params: { surveyId }, body }),
      transformResponse: dataOf<ResponseOf<'staffSendNotice'>>,
      invalidatesTags: (_result, error) => (error === undefined ? ['Notices', 'Audit'] : []),
    }),
    staffNotices: build.query<NoticeReport[], ParamsOf<'staffNotices'>>({
      query: (params) => ({ endpoint: 'staffNotices', params: { ...params } }),
      transformResponse: dataOf<ResponseOf<'staffNotices'>>,
      providesTags: ['Notices'],
    }),
    staffNotice: build.query<NoticeReport, ParamsOf<'staffNotice'>>({
      query: ({ noticeId }) => ({ endpoint: 'staffNotice', params: { noticeId: String(noticeId) } }),
      transformResponse: dataOf<ResponseOf<'staffNotice'>>,
      providesTags: ['Notices'],
    }),
    staffNoticeRecipients: build.query<NoticeRecipients, ParamsOf<'staffNoticeRecipients'> & QueryOf<'staffNoticeRecipients'>>({
      query: ({ noticeId, ...query }) => ({ endpoint: 'staffNoticeRecipients', params: { noticeId: String(noticeId) }, query }),
      transformResponse: dataOf<ResponseOf<'staffNoticeRecipients'>>,
      providesTags: ['Notices'],
    }),
    staffCalendarReminder: build.query<CalendarReminder, ParamsOf<'staffCalendarReminder'>>({
      query: (params) => ({ endpoint: 'staffCalendarReminder', params: { ...params } }),
      transformResponse: dataOf<ResponseOf<'staffCalendarReminder'>>,
      providesTags: (_result, _error, { calendarId }) => [{ type: 'Reminder', id: calendarId }],
    }),
    staffSetCalendarReminder: build.mutation<CalendarReminder, ParamsOf<'staffSetCalendarReminder'> & BodyOf<'staffSetCalendarReminder'>>({
      query: ({ calendarId, ...body }) => ({ endpoint: 'staffSetCalendarReminder', params: { calendarId }, body }),
      transformResponse: dataOf<ResponseOf<'staffSetCalendarReminder'>>,
      invalidatesTags: (_result, error, { calendarId }) => (error === undefined ? [{ type: 'Reminder', id: calendarId }, 'Audit'] : []),
    }),
  }),
});

export const {
  useStaffSendNoticeMutation,
  useStaffNoticesQuery,
  useStaffNoticeQuery,
  useStaffNoticeRecipientsQuery,
  useStaffCalendarReminderQuery,
  useStaffSetCalendarReminderMutation,
} = noticesApi;
