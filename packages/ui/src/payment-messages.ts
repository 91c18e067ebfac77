/**
 * The texts of the payment components (OrderSummary, ReceiptDocument, PaymentStatus), in a module
 * apart from `uiMessages` (which every screen loads) so that an app bundles them only with the
 * screens that show those components.
 */
export const uiPaymentMessages = {
  // Order summary
  orderTitle: 'ご注文内容',
  orderProduct: '品名',
  orderUnitPrice: '単価（税込）',
  orderQuantity: '数量',
  orderSubtotal: '小計',
  orderTotal: (amount: string) => `合計 ${amount}（税込）`,
  // Receipt (領収書)
  receiptTitle: '領収書',
  receiptRecipientLabel: '宛名（印刷する前に変更できます）',
  honorific: '様',
  receiptAmountLabel: '金額',
  /** 「¥1,500-（税込）」: the dash closes the amount, as handwritten receipts do. */
  receiptAmount: (amount: string) => `${amount}-（税込）`,
  receiptProviso: '但し書き',
  receiptNumber: '受付番号',
  receiptLines: '内訳',
  receiptPaymentMethod: 'お支払い方法',
  receiptPaidAt: '支払日',
  receiptIssuedAt: '発行日',
  receiptIssuer: '発行者',
  receiptRegistrationNumber: (number: string) => `登録番号 ${number}`,
  receiptPhone: (phone: string) => `電話 ${phone}`,
  receiptAcknowledged: '上記の金額を正に領収いたしました。',
  paymentMethods: { card: 'クレジットカード', konbini: 'コンビニ払い', paypay: 'PayPay' } as Record<string, string>,
  // Payment status
  paymentStatusLabel: 'お支払い',
  paymentStatus: {
    pending: 'お支払い待ち',
    paid: '支払い済み',
    cancelled: 'キャンセル',
    failed: 'お支払い失敗',
    expired: '期限切れ',
    refunded: '返金済み',
  },
  /** The money came in but could not be kept, and the provider has not confirmed the refund yet. */
  paymentRefundPending: '返金手続き中',
} as const;
