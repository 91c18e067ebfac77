/**
 * The Japanese texts of the member screens (registration, card, withdrawal, claiming a record by
 * look-up, members-only surveys). Kept apart from messages.ts, as payment-messages.ts is: only the
 * screens that use them load them, so the survey form's first paint does not carry them.
 */
export const memberMessages = {
  // Registration
  registerTitle: (name: string) => `${name}の登録`,
  notAMembership: 'このフォームは会員登録のフォームではありません。',
  changingNotice: '登録内容を変更しています。確認画面で「登録する」を押すと変更が保存されます。会員番号は変わりません。',
  haveAPaperCard: (name: string) => `紙の${name}をお持ちの方`,
  haveAPaperCardLead: 'すでにカードをお持ちの方は、新しく登録せずに、カードの番号で登録内容を引き継いでください。',
  confirmLead: '以下の内容で登録します。よろしければ「登録する」を押してください。',
  confirmChangeLead: '以下の内容に変更します。よろしければ「登録する」を押してください。会員番号は変わりません。',
  noRegistrationToConfirm: '確認する登録内容がありません。登録の画面から入力してください。',
  toRegistrationForm: '登録の画面に戻る',
  register: '登録する',
  registering: '登録しています…',
  // The card
  cardTitle: '会員証',
  cardLoading: '会員証を読み込んでいます',
  registered: '登録が完了しました。窓口ではこの会員証をお見せください。',
  changed: '登録内容を変更しました。会員番号は変わりません。',
  notRegistered: (name: string) => `${name}はまだ登録されていません。`,
  registerNow: '新しく登録する',
  registrationDetails: '登録内容',
  change: '登録内容を変更する',
  withdraw: '退会する',
  withdrawTitle: '退会の確認',
  withdrawLead: (memberNumber: string) =>
    `退会すると登録内容は削除され、会員番号 ${memberNumber} は使えなくなります（同じ番号が再び発行されることはありません）。会員の方のみのお申し込みは、退会後もキャンセルはできますが、変更はできなくなります。もう一度ご利用になるときは、新しく登録していただきます。`,
  withdrawDo: '退会する',
  withdrawBack: '退会しない',
  withdrawing: '退会の手続きをしています…',
  withdrawn: (memberNumber: string) => `退会の手続きが完了しました。会員番号 ${memberNumber} は使えなくなりました。`,
  backToBooking: 'お申し込みの画面に戻る',
  // Members-only surveys
  membersOnlyTitle: '会員の方のみご利用いただけます',
  membersOnly: (name: string) => `このお申し込みは${name}をお持ちの方のみご利用いただけます。登録がお済みでない方は、先に登録してください。登録が終わると、この画面に戻れます。`,
  toRegistration: (name: string) => `${name}を登録する`,
  membershipLoading: '会員の登録状況を確認しています',
  // Claiming what staff imported
  claimTitle: '登録内容の引き継ぎ',
  claimLead: '窓口や紙でお申し込みの内容を、このアカウントに引き継ぎます。お手元の書類やカードに記載の内容を入力してください。',
  claimNotAvailable: 'このフォームでは登録内容の引き継ぎを受け付けていません。',
  claimCardLead: (name: string) => `お手元の${name}に記載の番号と、生年月日などを入力してください。見つかった登録内容を、このアカウントに引き継ぎます。`,
  toSearchForm: 'アンケート・申込みの確認へ',
  search: '検索する',
  searching: '検索しています…',
  foundLead: '次の内容が見つかりました。ご本人の内容であれば「このアカウントに引き継ぐ」を押してください。',
  claim: 'このアカウントに引き継ぐ',
  alreadyYours: 'この登録内容は、すでにこのアカウントに引き継がれています。',
  seeCard: '会員証を見る',
  seeIt: '送信した内容を見る',
  claiming: '引き継いでいます…',
  searchAgain: '入力し直す',
  claimed: '引き継ぎが完了しました。これからはこの画面の会員証をお使いいただけます。',
} as const;
