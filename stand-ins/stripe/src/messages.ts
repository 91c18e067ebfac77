// What a tester reads on the stand-in's hosted checkout page.
export const messages = {
  pageTitle: 'お支払い（Stripe スタンドイン）',
  notice: 'これは開発・テスト用の Stripe スタンドインです。実際の請求は行われません。',
  total: '合計（税込）',
  quantity: '数量',
  payWith: {
    card: 'カードで支払う',
    paypay: 'PayPay で支払う',
    konbini: 'コンビニ払いを選ぶ（後払い）',
  },
  cancel: '支払わずに戻る',
  konbiniWaiting: 'コンビニでのお支払いを待っています。',
  konbiniPaid: 'コンビニで支払ったことにする',
  konbiniLapsed: '支払期限切れにする',
  paid: 'お支払いは完了しています。',
  expired: 'この支払いページは期限切れです。',
  notFound: '支払いページが見つかりません。',
} as const;
