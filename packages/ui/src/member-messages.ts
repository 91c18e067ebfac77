/**
 * The texts of the member card (MemberCard), in a module apart from `uiMessages` (which every
 * screen loads) so that an app bundles them only with the screen that shows the card.
 */
export const uiMemberMessages = {
  memberNumber: '会員番号',
  name: '氏名',
  issuedOn: '発行日',
  /** 「2019年4月1日（平成31年4月1日）」: the date in 西暦 with its 和暦 beside it. */
  issuedOnDate: (seireki: string, wareki: string | undefined) => (wareki === undefined ? seireki : `${seireki}（${wareki}）`),
  qrLabel: (memberNumber: string) => `会員番号 ${memberNumber} のQRコード`,
  barcodeLabel: (memberNumber: string) => `会員番号 ${memberNumber} のバーコード`,
  openFullScreen: '全画面で表示',
  closeFullScreen: '閉じる',
  fullScreenHint: '窓口でこの画面をお見せください。読み取りにくいときは画面を明るくしてください。',
  /** A number the codes cannot carry (never a real member number: they are ASCII). */
  cannotEncode: 'この会員番号はコードにできません。番号を窓口でお伝えください。',
} as const;
