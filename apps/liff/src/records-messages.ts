/**
 * The Japanese texts of the look-up screens (the search form, the list of what the citizen sent,
 * its details and the cancel): apart from messages.ts, so they arrive with those screens, not
 * with the app's first screen (issue 31).
 */
export const recordsMessages = {
  searchTitle: 'アンケート・申込みの確認',
  searchLead: '回答や申込みを確認・変更・キャンセルするアンケートを選んでください。',
  searchSurveyLegend: 'アンケート',
  searchSubmit: '送信した内容を見る',
  showAllRecords: 'すべての回答・申込みを見る',
  answerSurvey: (title: string) => `「${title}」に回答する`,
  openMembership: (name: string) => `${name}（会員証・登録）`,
  claimSurvey: (title: string) => `「${title}」の登録内容を引き継ぐ（窓口・紙でお申し込みの方）`,
  claimMembership: (name: string) => `紙の${name}をお持ちの方（このアカウントへの引き継ぎ）`,
  noSearchableSurveys: '確認できるアンケートはありません。',
  chooseSurvey: 'アンケートを選んでください。',
  listTitle: '送信した内容',
  listEmpty: 'まだ送信した回答・申込みはありません。',
  listLoading: '送信した内容を読み込んでいます',
  record: (index: number) => `${index}件目`,
  status: '状況',
  showDetails: '詳しく見る',
  showDetailsOf: (index: number) => `${index}件目を詳しく見る`,
  newAnswer: '新しく回答する',
  detailsTitle: '送信した内容の詳細',
  noSelectedRecord: '表示する内容がありません。一覧から選び直してください。',
  backToList: '一覧に戻る',
  edit: '内容を変更する',
  cancelRecord: 'キャンセルする',
  closedRecord: 'この回答・申込みはキャンセル済みのため、変更やキャンセルはできません。',
  /** Above each booking of a cancelled (or withdrawn) record: its slot is no longer held. */
  bookingClosed: 'この予約はキャンセルされました。',
  /** Above each booking of a record whose payment booked nothing (unpaid, or refunded). */
  bookingNotMade: 'この予約は成立していません。',
  cancelTitle: 'キャンセルの確認',
  cancelLead: '以下の回答・申込みをキャンセルします。キャンセルすると元に戻せません。',
  cancelDo: 'キャンセルする',
  cancelBack: 'キャンセルしない',
  cancelling: 'キャンセルしています…',
  cancelled: 'キャンセルしました。',
} as const;
