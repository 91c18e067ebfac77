// The quick fill's words (LINEのプロフィールから入力): apart from messages.ts because they load only
// with the quick fill, inside LINE (the first screen's download stays as it was).
export const profileFillMessages = {
  title: 'LINEのプロフィールから入力',
  lead: 'LINEに登録しているプロフィール（氏名・電話番号など）を、このフォームの入力に使えます。',
  button: 'LINEのプロフィールから入力',
  consentTitle: 'LINEのプロフィールの利用',
  consent: 'LINEに登録しているプロフィールのうち、このフォームで使う項目（氏名・フリガナ・電話番号・住所・生年月日など）を読み取り、入力欄に入れます。よろしいですか？',
  agree: '許可する',
  decline: '許可しない',
  filled: 'LINEのプロフィールから入力しました。内容を確かめて、違うところは直してください。',
  nothing: 'LINEのプロフィールに、このフォームで使う項目が登録されていませんでした。',
  declined: 'プロフィールは使いませんでした。入力欄は変わっていません。',
  failed: 'LINEのプロフィールを読み取れませんでした。お手数ですが、直接入力してください。',
};
