/**
 * Every Japanese message this package shows to citizens, in one place so it can be reviewed as a
 * whole. Short and polite (です/ます); each says what to do, not only what is wrong.
 */
export const validationMessages = {
  required: '必須項目です',
  invalidAnswer: '回答の形式が正しくありません',
  notAnOption: '選択肢の中から選んでください',
  email: 'メールアドレスの形式で入力してください（例: taro@example.jp）',
  phone: '電話番号は半角数字で入力してください（例: 090-1234-5678）',
  number: '半角数字で入力してください',
  postalCode: '郵便番号は7桁の半角数字で入力してください（例: 123-4567）',
  date: '日付を正しく入力してください（例: 2026-04-01）',
  reservationSlot: '予約日時をカレンダーから選んでください',
  birthdayInFuture: '生年月日に未来の日付は入力できません',
  minLength: (min: number) => `${min}文字以上で入力してください`,
  maxLength: (max: number) => `${max}文字以内で入力してください`,
  minChoices: (min: number) => `${min}個以上選んでください`,
  maxChoices: (max: number) => `${max}個まで選んでください`,
} as const;

/** Why an order cannot be priced, shown to the citizen beside the products. */
export const orderMessages = {
  unknownProduct: (productId: string) => `「${productId}」はこのフォームで購入できる商品ではありません。選び直してください`,
  quantity: (name: string, max: number) => `「${name}」の数量は1から${max}までの整数で指定してください`,
  duplicateProduct: (name: string) => `「${name}」が注文に2回含まれています。数量は1行にまとめてください`,
} as const;

/** Why a typed member number cannot be one, shown beside the field. */
export const memberNumberMessages = {
  example: (sample: string) => `例: ${sample}`,
  shape: (example: string) => `会員番号の形式が正しくありません。会員証に記載の番号を入力してください（${example}）`,
  /** The prefix is right and the rest are digits, but too many or too few: say how many. */
  digitCount: (prefix: string, expected: number, typed: number, example: string) =>
    `会員番号は${prefix === '' ? '' : `「${prefix}」に続けて`}数字${String(expected)}桁です。入力された番号の数字は${String(typed)}桁です。お手元のカードの番号をもう一度ご確認ください（${example}）`,
  checkDigit: '会員番号に誤りがあります。お手元のカードの番号をもう一度ご確認ください',
} as const;
