// Calendar administration's calls, injected into the staff API from here so that the shared API
// file stays as it is. A change invalidates only when it was made: a refusal (409) changed
// nothing, and the screen keeps what the staff member typed beside the refusal.
import type { CalendarAdminSlots, CalendarAdminView, CalendarFileReport, CalendarLottery, CalendarWaitlist } from '@city/api-client/staff-contract';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from '../../store/staff-api.js';
import { staffApi } from '../../store/staff-api.js';

export type { CalendarAdminSlots, CalendarAdminView, CalendarFileReport, CalendarLottery, CalendarWaitlist };
export type AdminCategory = CalendarAdminView['categories'][number];
export type CalendarSettings = NonNullable<AdminCategory['calendar']>;
export type CalendarRules = CalendarSettings['rules'];
export type CalendarClosures = CalendarSettings['closures'];
export type AdminSlot = CalendarAdminSlots['slots'][number];
export type ClosedDay = CalendarAdminSlots['closedDays'][number];
export type CalendarFileBody = BodyOf<'staffPreviewCalendarFile'>;

type CalendarRef = ParamsOf<'staffSaveCalendar'>;

const dataOf = <Body extends { data: unknown }>(response: Body): Body['data'] => response.data;

// CalendarAdmin: the tree with every calendar's settings. AdminSlots: one calendar's slots and
// closed days (id: calendarId). Slots: the phone booking's view of the same calendar.
const slotTags = (calendarId: string) => [
  { type: 'AdminSlots' as const, id: calendarId },
  { type: 'Slots' as const, id: calendarId },
];

export const calendarAdminApi = staffApi.enhanceEndpoints({ addTagTypes: ['CalendarAdmin', 'AdminSlots', 'Waitlist', 'Lottery'] }).injectEndpoints({
  endpoints: (build) => ({
    staffCalendarAdmin: build.query<CalendarAdminView, undefined>({
      query: () => ({ endpoint: 'staffCalendarAdmin' }),
      transformResponse: dataOf<ResponseOf<'staffCalendarAdmin'>>,
      providesTags: ['CalendarAdmin'],
    }),
    staffSaveCategory: build.mutation<ResponseOf<'staffSaveCategory'>['data'], BodyOf<'staffSaveCategory'>>({
      query: (body) => ({ endpoint: 'staffSaveCategory', body }),
      transformResponse: dataOf<ResponseOf<'staffSaveCategory'>>,
      invalidatesTags: (_result, error) => (error === undefined ? ['CalendarAdmin'] : []),
    }),
    staffDeleteCategory: build.mutation<ResponseOf<'staffDeleteCategory'>, ParamsOf<'staffDeleteCategory'>>({
      query: (params) => ({ endpoint: 'staffDeleteCategory', params: { ...params } }),
      invalidatesTags: (_result, error) => (error === undefined ? ['CalendarAdmin'] : []),
    }),
    staffSaveCategoryLabels: build.mutation<ResponseOf<'staffSaveCategoryLabels'>, BodyOf<'staffSaveCategoryLabels'>>({
      query: (body) => ({ endpoint: 'staffSaveCategoryLabels', body }),
      invalidatesTags: (_result, error) => (error === undefined ? ['CalendarAdmin'] : []),
    }),
    staffSaveCalendar: build.mutation<ResponseOf<'staffSaveCalendar'>['data'], CalendarRef & BodyOf<'staffSaveCalendar'>>({
      query: ({ calendarId, ...body }) => ({ endpoint: 'staffSaveCalendar', params: { calendarId }, body }),
      transformResponse: dataOf<ResponseOf<'staffSaveCalendar'>>,
      // Closed weekdays and holidays change the slots' view as well.
      invalidatesTags: (_result, error, { calendarId }) => (error === undefined ? ['CalendarAdmin', ...slotTags(calendarId)] : []),
    }),
    staffCalendarAdminSlots: build.query<CalendarAdminSlots, CalendarRef & QueryOf<'staffCalendarAdminSlots'>>({
      query: ({ calendarId, ...query }) => ({ endpoint: 'staffCalendarAdminSlots', params: { calendarId }, query }),
      transformResponse: dataOf<ResponseOf<'staffCalendarAdminSlots'>>,
      providesTags: (_result, _error, { calendarId }) => [{ type: 'AdminSlots', id: calendarId }],
    }),
    staffSetClosedDays: build.mutation<ResponseOf<'staffSetClosedDays'>, CalendarRef & BodyOf<'staffSetClosedDays'>>({
      query: ({ calendarId, ...body }) => ({ endpoint: 'staffSetClosedDays', params: { calendarId }, body }),
      invalidatesTags: (_result, error, { calendarId }) => (error === undefined ? slotTags(calendarId) : []),
    }),
    staffPutSlots: build.mutation<ResponseOf<'staffPutSlots'>['data'], CalendarRef & BodyOf<'staffPutSlots'>>({
      query: ({ calendarId, ...body }) => ({ endpoint: 'staffPutSlots', params: { calendarId }, body }),
      transformResponse: dataOf<ResponseOf<'staffPutSlots'>>,
      invalidatesTags: (_result, error, { calendarId }) => (error === undefined ? slotTags(calendarId) : []),
    }),
    staffGenerateSlots: build.mutation<ResponseOf<'staffGenerateSlots'>['data'], CalendarRef & BodyOf<'staffGenerateSlots'>>({
      query: ({ calendarId, ...body }) => ({ endpoint: 'staffGenerateSlots', params: { calendarId }, body }),
      transformResponse: dataOf<ResponseOf<'staffGenerateSlots'>>,
      invalidatesTags: (_result, error, { calendarId }) => (error === undefined ? slotTags(calendarId) : []),
    }),
    staffDeleteSlots: build.mutation<ResponseOf<'staffDeleteSlots'>['data'], CalendarRef & BodyOf<'staffDeleteSlots'>>({
      query: ({ calendarId, ...body }) => ({ endpoint: 'staffDeleteSlots', params: { calendarId }, body }),
      transformResponse: dataOf<ResponseOf<'staffDeleteSlots'>>,
      invalidatesTags: (_result, error, { calendarId }) => (error === undefined ? slotTags(calendarId) : []),
    }),
    staffPreviewCalendarFile: build.mutation<CalendarFileReport, CalendarFileBody>({
      query: (body) => ({ endpoint: 'staffPreviewCalendarFile', body }),
      transformResponse: dataOf<ResponseOf<'staffPreviewCalendarFile'>>,
    }),
    staffApplyCalendarFile: build.mutation<CalendarFileReport, CalendarFileBody>({
      query: (body) => ({ endpoint: 'staffApplyCalendarFile', body }),
      transformResponse: dataOf<ResponseOf<'staffApplyCalendarFile'>>,
      // A file may add categories, a calendar, slots and closed days anywhere.
      invalidatesTags: (_result, error) => (error === undefined ? ['CalendarAdmin', 'AdminSlots', 'Slots'] : []),
    }),
    staffCalendarWaitlist: build.query<CalendarWaitlist, ParamsOf<'staffCalendarWaitlist'>>({
      query: (params) => ({ endpoint: 'staffCalendarWaitlist', params: { ...params } }),
      transformResponse: dataOf<ResponseOf<'staffCalendarWaitlist'>>,
      providesTags: (_result, _error, { calendarId }) => [{ type: 'Waitlist', id: calendarId }],
    }),
    staffSetCalendarWaitlist: build.mutation<CalendarWaitlist, ParamsOf<'staffSetCalendarWaitlist'> & BodyOf<'staffSetCalendarWaitlist'>>({
      query: ({ calendarId, ...body }) => ({ endpoint: 'staffSetCalendarWaitlist', params: { calendarId }, body }),
      transformResponse: dataOf<ResponseOf<'staffSetCalendarWaitlist'>>,
      // Turned off, its queues end: the slots' counts change too.
      invalidatesTags: (_result, error, { calendarId }) => (error === undefined ? [{ type: 'Waitlist', id: calendarId }, ...slotTags(calendarId), 'Audit'] : []),
    }),
    staffCalendarLottery: build.query<CalendarLottery, ParamsOf<'staffCalendarLottery'>>({
      query: (params) => ({ endpoint: 'staffCalendarLottery', params: { ...params } }),
      transformResponse: dataOf<ResponseOf<'staffCalendarLottery'>>,
      providesTags: (_result, _error, { calendarId }) => [{ type: 'Lottery', id: calendarId }],
    }),
    staffSetCalendarLottery: build.mutation<CalendarLottery, ParamsOf<'staffSetCalendarLottery'> & BodyOf<'staffSetCalendarLottery'>>({
      query: ({ calendarId, ...body }) => ({ endpoint: 'staffSetCalendarLottery', params: { calendarId }, body }),
      transformResponse: dataOf<ResponseOf<'staffSetCalendarLottery'>>,
      invalidatesTags: (_result, error, { calendarId }) => (error === undefined ? [{ type: 'Lottery', id: calendarId }, 'Audit'] : []),
    }),
    staffCloseCalendarLottery: build.mutation<CalendarLottery, ParamsOf<'staffCloseCalendarLottery'>>({
      query: (params) => ({ endpoint: 'staffCloseCalendarLottery', params: { ...params } }),
      transformResponse: dataOf<ResponseOf<'staffCloseCalendarLottery'>>,
      invalidatesTags: (_result, error, { calendarId }) => (error === undefined ? [{ type: 'Lottery', id: calendarId }, 'Audit'] : []),
    }),
    staffDrawCalendarLottery: build.mutation<CalendarLottery, ParamsOf<'staffDrawCalendarLottery'>>({
      query: (params) => ({ endpoint: 'staffDrawCalendarLottery', params: { ...params } }),
      transformResponse: dataOf<ResponseOf<'staffDrawCalendarLottery'>>,
      // Winners are offered their slots: the slots' counts change too.
      invalidatesTags: (_result, error, { calendarId }) => (error === undefined ? [{ type: 'Lottery', id: calendarId }, ...slotTags(calendarId), 'Audit'] : []),
    }),
  }),
});

export const {
  useStaffCalendarAdminQuery,
  useStaffSaveCategoryMutation,
  useStaffDeleteCategoryMutation,
  useStaffSaveCategoryLabelsMutation,
  useStaffSaveCalendarMutation,
  useStaffCalendarAdminSlotsQuery,
  useStaffSetClosedDaysMutation,
  useStaffPutSlotsMutation,
  useStaffGenerateSlotsMutation,
  useStaffDeleteSlotsMutation,
  useStaffPreviewCalendarFileMutation,
  useStaffApplyCalendarFileMutation,
  useStaffCalendarWaitlistQuery,
  useStaffSetCalendarWaitlistMutation,
  useStaffCalendarLotteryQuery,
  useStaffSetCalendarLotteryMutation,
  useStaffCloseCalendarLotteryMutation,
  useStaffDrawCalendarLotteryMutation,
} = calendarAdminApi;
