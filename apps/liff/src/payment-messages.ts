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
  /** A payment that could not be kept for a booking (the slot was gone when it was confirmed). */
  refunded: 'お支払いを確認した時点で予約枠を確保できなかったため、予約はされませんでした。お支払いは自動的に返金されます。',
  /** Same, the provider has not confirmed the refund yet. */
  refundPendingNotBooked: 'お支払いを確認した時点で予約枠を確保できなかったため、予約はされませんでした。',
  /** A paid booking the citizen cancelled. */
  cancelledBookingTitle: '予約はキャンセルされました',
  cancelledBookingRefunded: 'キャンセルにともない、お支払いを返金しました。',
  cancelledBookingRefundPending: 'キャンセルにともない、お支払いを返金します。',
  refundPending: '返金の手続き中です。お支払いいただいた金額は、決済サービスでの手続きが済みしだい返金されます。お客様のお手続きは必要ありません。',
  notBookedTitle: '予約は完了していません',
  notBooked: {
    expired: 'お支払いの期限が過ぎたため、予約はされませんでした。',
    failed: 'お支払いが完了しなかったため、予約はされませんでした。',
    cancelled: 'お支払いがキャンセルされたため、予約はされませんでした。',
  },
  canceledPaymentTitle: 'お支払いをキャンセルしました',
  canceledPayment: 'お支払いはキャンセルされ、予約はされていません。お取りしていた予約枠は解放しました。料金は請求されていません。',
  canceledPaymentNext: 'お申し込みになる場合は、「アンケートに戻ってやり直す」から、もう一度お申し込みください。',
  errorPaymentTitle: 'お支払いを完了できませんでした',
  errorPayment: 'お支払いを完了できなかったため、予約はされていません。お取りしていた予約枠は解放しました。料金は請求されていません。',
  errorPaymentNext: 'もう一度お申し込みになる場合は、「アンケートに戻ってやり直す」からお進みください。カードでお支払いできなかった場合は、別のカードをお使いいただくか、カード会社にお問い合わせください。',
  endingPayment: 'お支払いの状況を確認しています',
  noOrder: '表示するお支払いがありません。',
  orderNotFoundTitle: 'お支払いの情報が見つかりません',
  orderNotFound: 'お探しのお支払いの情報は見つかりませんでした。お申し込みの状況は「送信した内容を確認する」からご覧いただけます。',
  startAgain: 'アンケートに戻ってやり直す',
  startingAgain: '入力内容を読み込んでいます…',
  orderLoading: 'お支払いの状況を読み込んでいます',
  orderReceiptTitle: '受付内容',
  orderAmount: 'お支払い金額',
  /** The amount of an order no money was taken for (still pending, or ended unpaid). */
  appliedAmount: 'お申し込み金額',
  paymentState: 'お支払い状況',
  orderPaidAt: 'お支払い日時',
  orderPaymentMethod: 'お支払い方法',
  receiptNotIssued: 'お支払いが完了していないため、領収書は発行できません。',
  /** The money of the order went back (refunded): no 領収書 for it. */
  receiptRefunded: 'お支払いは返金されたため、領収書は発行されません。',
  receiptRefundPending: 'お支払いは返金の手続き中のため、領収書は発行されません。',
  continuePayment: 'お支払いを続ける',
  stopPayment: 'お支払いをやめる',
  stoppingPayment: 'お支払いをやめています…',
  paymentPending: (time: string) => `お支払いがまだ済んでいません（お支払い期限: ${time}）。期限までにお支払いがないと、お取りしている予約枠は解放されます。`,
  // A paid booking on the look-up screens (the server refuses to change it: 409 order_paid)
  paidCarriesOver: 'お支払い済みの内容です。同じ内容のまま変更する場合、あらためてのお支払いはありません（購入する内容は変更できません）。',
  /** The form of a paid booking's edit: its product steppers are locked. */
  paidItemsLocked: 'お支払い済みのため、購入する内容は変更できません。変える場合は、この申し込みをキャンセル（お支払いは返金されます）してから、あらためてお申し込みください。',
  cancelPaidLead: (amount: string) => `この申し込みはお支払い済みです。キャンセルすると、お支払いいただいた${amount}（税込）は返金されます。`,
  cancelPendingLead: 'この申し込みはお支払いの手続き中です。キャンセルすると、お支払いの手続きも取り消されます。',
  cancelledRefund: 'キャンセルしました。お支払いは返金されます。',
  // The confirm screen sent again after that payment ended (409 order_closed)
  paymentEnded: 'この内容のお支払いの手続きはすでに終了しています。予約の状況は「送信した内容」の一覧でご確認ください。あらためてお申し込みになる場合は、もう一度「お支払いへ進む」を押してください。',
} as const;
