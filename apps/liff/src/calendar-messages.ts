/**
 * The Japanese texts of the calendar screens (choosing a place and a slot) and of the booking
 * limits: apart from messages.ts, so they arrive with those screens, not with the app's first
 * screen (issue 31).
 */
export const calendarMessages = {
  categoryTitle: '予約する場所の選択',
  categoryLead: '予約する場所を選んでください。',
  slotsTitle: '予約日時の選択',
  slotsLead: '予約する日時を選んでください。○・△の日時が予約できます。',
  bookingStopped: '現在、この予約の受付を停止しています。再開までお待ちください。すでにされた予約はそのまま有効です。',
  weekToLookAt: '空き状況のご案内です。予約するには、アンケートの画面で「予約枠を選ぶ」を押して、日時を選んでください。',
  noReservationInHand: '予約日時を選ぶアンケートがありません。アンケートの画面から「予約枠を選ぶ」を押してください。',
  notBookable: 'この場所は予約を受け付けていません。別の場所をお選びください。',
  chooseAnotherPlace: '場所を選び直す',
  backToSurvey: 'アンケートに戻る',
  slotFull: '選択された日時は、ほかの方の予約で満員になりました。別の日時をお選びください。',
  // The per-citizen limit of a calendar, told before a slot is chosen
  bookingLimitReachedHere: (limit: number, held: number) =>
    `ここでは、お一人${String(limit)}件まで予約できます。すでに${String(held)}件のご予約があるため、新しく予約できません。ご予約済みのいずれかをキャンセルすると、予約できるようになります。`,
  bookingLimitReachedAt: (places: string) =>
    `次の場所では、お一人が予約できる件数の上限に達しているため、新しく予約できません（${places}）。ご予約済みのいずれかをキャンセルすると、予約できるようになります。`,
  bookingLimitPlace: (place: string, limit: number) => `${place}：お一人${String(limit)}件まで`,
  bookingLimitUnnamedPlace: 'この予約の場所',
} as const;
