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

/** What is wrong with a survey a staff member is editing, each saying what to fix (see `surveyConfigProblems`). */
export const surveyConfigMessages = {
  surveyId: 'フォームIDは半角英数字・「_」・「-」の64文字以内で入力してください',
  surveyTitle: 'フォームのタイトルを入力してください',
  itemKey: (itemKey: string) => `項目キー「${itemKey}」は半角英数字・「_」・「-」の64文字以内にしてください`,
  duplicateItemKey: (itemKey: string) => `項目キー「${itemKey}」が2つの項目で使われています。項目ごとに別のキーにしてください`,
  itemTitle: (itemKey: string) => `項目「${itemKey}」の質問文を入力してください`,
  duplicateProfileField: (title: string) => `「${title}」と同じLINEプロフィールの項目が、ほかの項目にも割り当てられています。1つの項目だけにしてください`,
  guideText: '説明文の項目には、見出しか本文を入力してください',
  lengthRange: (title: string) => `「${title}」の最小文字数が最大文字数を超えています`,
  noOptions: (title: string) => `「${title}」に選択肢を1つ以上追加してください`,
  emptyOption: (title: string) => `「${title}」に空の選択肢があります。文字を入力するか削除してください`,
  duplicateOption: (title: string, option: string) => `「${title}」の選択肢「${option}」が重複しています`,
  choiceRange: (title: string) => `「${title}」の選択できる数（最小・最大）を、選択肢の数の範囲で指定してください`,
  noProducts: (title: string) => `「${title}」に商品を1つ以上追加してください`,
  productId: (productId: string) => `商品ID「${productId}」は半角英数字・「_」・「-」の64文字以内にしてください`,
  duplicateProductId: (productId: string) => `商品ID「${productId}」が2つの商品で使われています`,
  productName: (productId: string) => `商品「${productId}」の名前を入力してください`,
  productPrice: (name: string) => `商品「${name}」の価格（税込・1円以上の整数）を入力してください`,
  reservationCategory: (title: string) => `予約項目「${title}」の予約カテゴリを選んでください`,
  lookupItem: (itemKey: string) => `照会キー「${itemKey}」は、このフォームの1行で答える項目から選んでください`,
  indexItem: (itemKey: string) => `インデックスキー「${itemKey}」は、このフォームの回答のある項目から選んでください`,
  membershipName: '会員の名称（会員証に表示）を入力してください',
  membershipAppending: '会員登録のフォームは追加型にできません',
  membershipNumberItem: '会員番号を入れる項目は、このフォームの1行テキスト項目から選んでください',
  membershipNameItems: '会員証に表示する氏名の項目を、このフォームの項目から1つ以上選んでください',
  requiresItself: '会員限定にするときは、別の会員登録フォームを選んでください',
} as const;
