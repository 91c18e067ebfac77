// The draft's words (前回の入力内容を復元しました): apart from messages.ts because they load with the
// survey form only (the first screen's download stays as it was).
export const draftMessages = {
  restored: '前回の入力内容を復元しました。',
  restoredDetail: '途中まで入力した内容を、この端末やLINEから保存していました。続きから入力できます。',
  discard: '入力内容を消して最初から入力する',
};
