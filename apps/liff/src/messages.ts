/**
 * The Japanese texts of the app's frame and first screens, and those several screens share (beyond
 * @city/ui's own). Screens that load later keep theirs beside this module (records-, calendar-,
 * payment-, member-, waitlist-, draft- and profile-fill-messages.ts), so the first download
 * holds only what it shows.
 */
export const messages = {
  appTitle: '市民アンケート・予約',
  // Login
  loginTitle: 'ログイン',
  loginLead: 'LINEアカウントでログインすると、アンケートへの回答や、送った内容の確認・変更・キャンセルができます。',
  loginWithLine: 'LINEでログイン',
  loggingIn: 'ログインしています…',
  loginStateMismatch: 'ログインの確認ができませんでした。お手数ですが、もう一度ログインしてください。',
  loginFailed: 'ログインできませんでした。時間をおいて、もう一度お試しください。',
  loginAgain: 'もう一度ログインする',
  loggedInAs: (name: string) => `${name} さんとしてログインしています。`,
  goHome: 'アンケート一覧へ',
  liffFailed: 'LINEアプリとの連携を開始できませんでした。LINEアプリを開き直してください。',
  // Session expiry (spec sections 4 and 8)
  notLoggedInTitle: 'ログインしてください',
  notLoggedIn: 'この画面を使うにはログインが必要です。',
  sessionExpiredTitle: 'セッションの有効期限が切れました',
  sessionExpired: 'ログインの有効期限が切れました。お手数ですが、もう一度ログインしてください。',
  movingToLogin: 'ログイン画面へ移動します。',
  // Survey
  surveyLoading: 'アンケートを読み込んでいます',
  editingNotice: '送信済みの内容を変更しています。確認画面で送信すると、前の内容は置き換わります。',
  alreadySubmitted: 'この回答は送信済みです。',
  answerAgain: 'もう一度回答する',
  confirmTitle: '入力内容の確認',
  confirmLead: '以下の内容で送信します。よろしければ「送信する」を押してください。',
  sending: '送信しています…',
  noAnswersToConfirm: '確認する回答がありません。アンケートの画面から回答してください。',
  toSurvey: 'アンケートに戻る',
  // Receipt
  receiptTitle: '送信が完了しました',
  notSentTitle: '入力内容の確認が終わりました',
  receiptLead: 'ご回答ありがとうございました。受付番号はお問い合わせの際に必要です。',
  receiptNumber: '受付番号',
  receiptSurvey: 'アンケート',
  receiptDate: '送信日時',
  receiptContents: '送信した内容',
  notSentCancelPost: 'このアンケートは確認用のため、内容は送信されていません。',
  print: '印刷する',
  noReceiptTitle: '受付内容',
  noReceipt: '表示する受付がありません。送信した回答・申込みは「送信した内容を確認する」からご覧いただけます。',
  seeMyAnswers: '送信した内容を確認する',
  // Bookings on the confirm, receipt and details screens
  changeSlot: '予約日時を変更する',
  changeClosed: (rule: string) => `変更・キャンセルの受付は終了しました（${rule}）。`,
  untilSlotStarts: '予約の開始時刻まで',
  untilHoursBefore: (hours: number) => `予約の開始${String(hours)}時間前まで`,
  untilDayBefore: '予約日の前日まで',
  untilDaysBefore: (days: number) => `予約日の${String(days)}日前まで`,
  bookingsLoadFailed: '予約の日時を読み込めませんでした。',
  // Blocked back navigation (spec section 2)
  backBlockedTitle: '前の画面には戻れません',
  backBlocked: '前の画面に戻ると、手続きが正常に終了しない場合があります。最初からやり直す場合は、一度ブラウザを閉じてください。',
  // Errors
  notFoundTitle: 'ページが見つかりません',
  notFound: 'お探しのページは見つかりませんでした。URLが正しいかご確認ください。',
  networkError: '通信できませんでした。電波の良いところで、もう一度お試しください。',
  timeout: '時間内に処理が終わりませんでした。時間をおいて、もう一度お試しください。',
  serverError: 'ただいま処理できません。時間をおいて、もう一度お試しください。',
  notFoundOnServer: 'お探しの情報は見つかりませんでした。',
  tooManyRequests: '操作が続いたため、しばらくお待ちください。時間をおいて、もう一度お試しください。',
  requestRefused: 'この操作は受け付けられませんでした。入力内容をご確認のうえ、もう一度お試しください。',
  retry: '再読み込み',
  close: '閉じる',
} as const;
