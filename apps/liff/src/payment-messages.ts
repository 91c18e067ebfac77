/**
 * The texts of paying (the confirm screen's order, the provider's return, the order receipt, the
 * payment state on the look-up screens). A module of its own (not a
 * second constant in messages.ts: a bundler places a module whole, and messages.ts is in the first
 * load) so that only the screens that use it load it.
 */
export const paymentMessages = {
  confirmPayLead: '以下の内容で申し込みます。「お支払いへ進む」を押すと、お支払いのページへ移動します。お支払いが確認できた時点で予約が確定します。',
  toPayment: 'お支払いへ進む',
  movingToPayment: 'お支払いのページへ移動しています…',
  priceNote: '金額は送信時にあらためて計算されます。',
  paymentUnavailable: 'お支払いの手続きを始められませんでした。予約はされていません。時間をおいて、もう一度お試しください。',
  paymentCheckingTitle: 'お支払いを確認しています',
  paymentChecking: 'お支払いの結果を確認しています。しばらくお待ちください。',
  paymentStillPending: 'お支払いの確認に時間がかかっています。しばらくしてから「再読み込み」を押してください。お支払いが確認できた時点で予約が確定します。',
  paidTitle: 'お支払いが完了しました',
  paidLead: 'ご予約が確定しました。受付番号はお問い合わせの際に必要です。',
  showReceipt: '領収書を見る',
  refundedTitle: '予約できませんでした',
  refunded:
    'お支払いの完了が、予約枠をお取りしておける時間を過ぎた後でした。その間にほかの方の予約で枠が埋まったため、予約はできませんでした。お支払いいただいた金額は自動的に返金されます。',
  notBookedTitle: '予約は完了していません',
  notBooked: {
    expired: 'お支払いの期限が過ぎたため、予約はされませんでした。',
    failed: 'お支払いが完了しなかったため、予約はされませんでした。',
    cancelled: 'お支払いがキャンセルされたため、予約はされませんでした。',
  },
  canceledPaymentTitle: 'お支払いをキャンセルしました',
  canceledPayment: 'お支払いはキャンセルされ、予約はされていません。お取りしていた予約枠は解放しました。',
  errorPaymentTitle: 'お支払いを完了できませんでした',
  errorPayment: 'お支払いを完了できなかったため、予約はされていません。お取りしていた予約枠は解放しました。',
  endingPayment: 'お支払いの状況を確認しています',
  noOrder: '表示するお支払いがありません。',
  startAgain: 'アンケートに戻ってやり直す',
  orderLoading: 'お支払いの状況を読み込んでいます',
  orderReceiptTitle: '受付内容',
  orderAmount: 'お支払い金額',
  paymentState: 'お支払い状況',
  orderPaidAt: 'お支払い日時',
  orderPaymentMethod: 'お支払い方法',
  receiptNotIssued: 'お支払いが完了していないため、領収書は発行できません。',
  continuePayment: 'お支払いを続ける',
  stopPayment: 'お支払いをやめる',
  stoppingPayment: 'お支払いをやめています…',
  paymentPending: (time: string) => `お支払いがまだ済んでいません。${time}までにお支払いがないと、お取りしている予約枠は解放されます。`,
} as const;
