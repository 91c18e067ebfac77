// キャンセル待ち (waitlists) and 抽選 (lotteries): apart from messages.ts because they load with the
// calendar's week and the waitlist page only (the first screen's download stays as it was).
export const waitlistMessages = {
  pageTitle: 'キャンセル待ち・抽選',
  joinTitle: 'キャンセル待ちに登録',
  joinLead: (slot: string) => `${slot} は満員です。キャンセル待ちに登録すると、空きが出たときに登録順にご案内します（LINEでもお知らせします）。`,
  join: '登録する',
  notNow: 'やめる',
  joined: (ahead: number) => (ahead === 0 ? 'キャンセル待ちに登録しました。空きが出たら最初にご案内します。' : `キャンセル待ちに登録しました。あなたの前に${String(ahead)}人が待っています。`),
  seeList: 'キャンセル待ち・抽選の一覧',
  offeredHere: (slot: string, until: string) => `キャンセル待ちの ${slot} に空きが出ました。${until}までにこの枠を選んでお申し込みください。`,
  empty: 'キャンセル待ちの登録はありません。満員の予約枠を選ぶと、キャンセル待ちに登録できます。',
  sectionTitle: 'キャンセル待ち',
  offered: (until: string) => `空きが出ました。${until}までにお申し込みください。過ぎると次の方にご案内します。`,
  waiting: (ahead: number) => (ahead === 0 ? '順番待ち（次にご案内します）' : `順番待ち（あなたの前に${String(ahead)}人）`),
  booked: 'この枠を予約しました',
  expired: '期限までにお申し込みがなかったか、受付が終わりました',
  left: '登録をやめました',
  apply: 'この枠で申し込む',
  leave: 'キャンセル待ちをやめる',
  leaveTitle: 'キャンセル待ちをやめますか？',
  leaveLead: 'やめると、この枠の順番はなくなります。',
  leaveConfirm: 'やめる',
  leaveCancel: '続ける',
  loadFailed: 'キャンセル待ちの状況を読み込めませんでした。',
};

export const lotteryMessages = {
  open: (closes: string) => `この予約は抽選です。${closes}までに、希望の予約枠を選んで抽選にお申し込みください。結果はLINEでお知らせします。`,
  closed: '抽選の申し込みの受付は終了しました。結果はLINEとこのアプリの「キャンセル待ち・抽選」でお知らせします。',
  applyTitle: '抽選に申し込む',
  applyLead: (slot: string, closes: string) => `${slot} の抽選に申し込みます。締切は${closes}です。当選した方には、期限までにお申し込みいただくようご案内します。`,
  apply: '申し込む',
  notNow: 'やめる',
  applied: (slot: string) => `${slot} の抽選に申し込みました。`,
  appliedHere: (slots: string) => `抽選に申し込み済み: ${slots}`,
  sectionTitle: '抽選の申し込み',
  states: {
    applied: '抽選待ち（締切のあと、結果をLINEでお知らせします）',
    won: '当選しました。下の「キャンセル待ち」の案内から、期限までにお申し込みください。',
    wonBooked: '当選しました。この枠を予約しました。',
    wonLapsed: '当選しましたが、期限までにお申し込みがなかったため、次の方にご案内しました。',
    lost: '落選しました。補欠の方には、空きが出たときに順にご案内します。',
    lostNotQueued: '落選しました。',
    withdrawn: '申し込みを取り下げました',
  },
  withdraw: '申し込みを取り下げる',
  withdrawTitle: '抽選の申し込みを取り下げますか？',
  withdrawLead: '締切までは、もう一度申し込むことができます。',
  withdrawConfirm: '取り下げる',
  withdrawCancel: '取り下げない',
};

/** 12月5日（土）14:30: a moment in Japan, as a deadline is said. */
export function japanMoment(ms: number): string {
  const iso = new Date(ms + 9 * 3600_000).toISOString();
  const [, month, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  const weekday = '日月火水木金土'[new Date(Date.UTC(Number(iso.slice(0, 4)), month - 1, day)).getUTCDay()] ?? '';
  return `${String(month)}月${String(day)}日（${weekday}）${iso.slice(11, 16)}`;
}
