/** Every Japanese message the server sends for citizens and staff to read, in one place. */
export const messages = {
  loginRequired: 'ログインしてください。',
  sessionExpired: 'セッションの有効期限が切れました。もう一度ログインしてください。',
  invalidToken: 'ログイン情報を確認できませんでした。もう一度ログインしてください。',
  notYourUser: 'ほかの利用者の情報は扱えません。',
  surveyNotFound: 'アンケートが見つかりません。',
  recordNotFound: '回答が見つかりません。',
  invalidRequest: '送信内容の形式が正しくありません。',
  invalidAnswers: '入力内容を確認してください。',
  rowsMismatch: '送信内容がアンケートの形式と一致しません。画面を読み込み直してください。',
  invalidPartitionKey: '送信内容の形式が正しくありません。',
  idempotencyKeyReused: '同じ送信番号で別の内容が送られました。もう一度送信してください。',
  busy: 'ただいま混み合っています。しばらくしてから、もう一度お試しください。',
  bodyTooLarge: '送信内容が大きすぎます。',
  tooManyRequests: 'アクセスが集中しています。しばらくしてから、もう一度お試しください。',
  lookupLocked: '照会に10回失敗したため、本日はご利用いただけません。明日以降に、もう一度お試しください。',
  lookupFailed: '該当する登録・お申し込みが見つかりません。入力内容を確認してください。',
  lookupFieldsMissing: '照会に必要な項目をすべて入力してください。',
  alreadyClaimed: '回答が見つかりません。',
  loginFailed: 'LINEログインに失敗しました。もう一度お試しください。',
  notFound: 'ページが見つかりません。',
  citizenAppNotBuilt:
    '市民向けアプリがまだビルドされていません。`pnpm --filter @city/liff build` を実行してから、サーバーを起動し直してください。',
  fileNotFound: 'ファイルが見つかりません。',
  unsupportedFileType: 'このファイルの種類は送信できません。画像（JPEG、PNG、GIF、WebP、HEIC）または PDF を選んでください。',
  fileTooLarge: 'ファイルが大きすぎます。10MB 以下のファイルを選んでください。',
  emptyFile: 'ファイルが空です。別のファイルを選んでください。',
  invalidFileName: 'ファイル名が正しくありません。ファイル名を変えてから、もう一度お試しください。',
  invalidFile: '添付ファイルを確認できませんでした。もう一度ファイルを選んでください。',
  recordClosed: 'キャンセルまたは取り消しされた回答は変更できません。',
  notEditable: 'この項目は変更できません。',
  paymentsNotAvailable: 'お支払いが必要な申し込みです。お支払いの手続きからお申し込みください。',
  lineUnavailable: 'LINEとの通信に失敗しました。しばらくしてから、もう一度お試しください。',
  internal: 'サーバーで問題が発生しました。しばらくしてから、もう一度お試しください。',

  // ---- Members ----
  draftItemUnknown: '下書きにアンケートにない項目があります。画面を読み込み直してください。',
  draftTooLarge: '下書きが大きすぎます。',
  membershipRequired: (membershipName: string) =>
    `このお申し込みは「${membershipName}」をお持ちの方だけがご利用いただけます。先に「${membershipName}」の登録をしてください。`,
  notMember: '会員登録が見つかりません。',
  alreadyMember: 'すでに会員として登録されています。登録内容の変更は、登録済みの会員情報から行ってください。',
  membershipNotPayable: '会員登録はお支払いの手続きからは受け付けていません。',

  // ---- Calendars and bookings ----
  calendarNotFound: 'カレンダーが見つかりません。',
  bookingCategoryNotFound: '予約の場所が見つかりません。',
  invalidDateRange: '表示する期間が正しくありません。',
  slotFull: '選んだ予約枠は満員になりました。カレンダーで空いている枠を選び直してください。',
  slotNotFound: '選んだ予約枠が見つかりません。カレンダーから選び直してください。',
  closedDay: '選んだ日は休業日のため予約できません。別の日を選んでください。',
  bookingNotOpen: '選んだ予約枠は、まだ予約の受付を開始していません。',
  bookingClosed: '選んだ予約枠は、予約の受付を終了しました。別の枠を選んでください。',
  bookingStopped: 'この予約は現在、受付を停止しています。再開までお待ちください。',
  slotEnded: '予約の日時を過ぎているため、キャンセルできません。',
  slotFullOnReopen: '予約していた枠がすでに埋まっているため、再開できません。',
  reopenAfterRefund: '支払いが取り消された（返金された）回答は再開できません。新しく受け付けてください。',
  sameStatus: 'すでにこの状態です。',
  recordAlreadyClosed: 'この回答はすでにキャンセルまたは取り消しされています。',
  recordChanged: 'この回答はほかの操作で変更されました。画面を読み込み直してから、もう一度操作してください。',
  /** A phone booking's products, to be paid at the window: the memo written into the record's history. */
  payAtWindow: (lines: readonly { name: string; quantity: number; subtotal: number }[], total: number) =>
    `窓口でお支払い（合計 ${total.toLocaleString('ja-JP')}円）：${lines.map((line) => `${line.name} ×${line.quantity} ${line.subtotal.toLocaleString('ja-JP')}円`).join('、')}`,
  /** A booking as staff read it in lists and on a record's page. */
  reservationAnswer: (place: string, date: string, weekday: string, start: string | undefined, end: string | undefined) =>
    `${place} ${date}（${weekday}）${start === undefined ? '' : `${start}〜${end ?? ''}`}`,
  /** A record's products, from its order. */
  productsAnswer: (lines: readonly { name: string; quantity: number }[], total: number, status: string) =>
    `${lines.map((line) => `${line.name} ×${line.quantity}`).join('、')}（${total.toLocaleString('ja-JP')}円・${status}）`,
  orderStatus: { pending: '支払い待ち', paid: '支払い済み', cancelled: '取り消し', failed: '支払い失敗', expired: '期限切れ', refunded: '返金済み' },
  settings: {
    invalid: '設定に問題があります。各項目のメッセージを確認してください。',
    issuerName: '発行者の名前を入力してください。',
    registrationNumber: '登録番号は「T」と13桁の数字で入力してください（例: T1234567890123）。',
  },
  /** Calendar administration's refusals (see modules/calendars/calendar-admin.ts). */
  calendarAdmin: {
    categoryId: 'カテゴリIDは半角英数字・「_」・「-」の64文字以内で入力してください。',
    categoryPath: '大分類は必ず入力してください。小分類を入れるときは中分類も入力してください。',
    pathTaken: (path: string) => `「${path}」は別のカテゴリIDで登録済みです。`,
    categoryNotFound: 'カテゴリが見つかりません。画面を読み込み直してください。',
    renameMovesBranch: 'このカテゴリの下に別のカテゴリがあるため、別の階層には移せません。名前だけを変えるか、下のカテゴリを先に移してください。',
    hasChildren: 'このカテゴリの下に別のカテゴリがあるため、削除できません（カレンダーも作れません）。下のカテゴリを先に削除してください。',
    calendarOnBranch: 'カレンダーは、下にカテゴリのない（いちばん下の）カテゴリにだけ作れます。',
    inUse: 'このカテゴリで予約を受け付けているフォームがあるため、削除できません。フォームの予約項目を先に変更してください。',
    hasBookings: (slots: number) => `予約のある枠が${slots.toLocaleString('ja-JP')}件あるため、このカテゴリは削除できません。`,
    labels: '3つの階層の名前をすべて入力してください。',
    calendarId: 'カレンダーIDは半角英数字・「_」・「-」の64文字以内で入力してください。',
    rules: '受付の期間・締切は0以上の整数、1人あたりの予約数は1以上の整数で入力してください。',
    categoryHasCalendar: 'このカテゴリにはすでにカレンダーがあります。',
    categoryChanged: 'カレンダーのカテゴリは変更できません。新しいカレンダーを作成してください。',
    bookedDayClosed: (days: number) => `予約のある日が${days.toLocaleString('ja-JP')}日あるため、休業日にできません。予約をキャンセルしてから休業日にしてください。`,
    date: '日付を正しく入力してください（例: 2026-12-01）。開始日は終了日以前にしてください。',
    slot: (slot: string) => `枠「${slot}」の日付・ID・時刻が正しくありません（開始は終了より前にしてください）。`,
    capacity: (slot: string) => `枠${slot === '' ? '' : `「${slot}」`}の定員は0から100,000までの整数で入力してください。`,
    duplicateSlot: '同じ日の同じ枠IDが2回含まれています。',
    capacityBelowBooked: (slots: number) => `定員が予約数を下回る枠が${slots.toLocaleString('ja-JP')}件あります。定員は予約数以上にしてください。`,
    bookedSlotRetimed: (slots: number) => `予約のある枠${slots.toLocaleString('ja-JP')}件の時刻は変更できません（予約した方に伝えた時刻です）。`,
    bookedSlotDeleted: (slots: number) => `予約のある枠が${slots.toLocaleString('ja-JP')}件あるため、削除できません。予約のない枠だけを選んでください。`,
    patternRange: (days: number) => `期間は正しい日付で、開始日から${days}日以内にしてください。`,
    parentHasCalendar: (path: string) => `「${path}」にはカレンダーがあるため、その下にカテゴリは作れません。`,
    patternTimes: '枠の開始・終了の時刻を「09:00」の形で、開始を終了より前にして入力してください。',
    patternMinutes: '1枠の長さは5分から24時間までの分で入力してください。',
    patternWeekdays: '枠を作る曜日を1つ以上選んでください。',
    tooManySlots: (max: number) => `一度に作れる枠は${max.toLocaleString('ja-JP')}件までです。期間を分けて作成してください。`,
    rangeTooLong: (days: number) => `一度に表示・書き出しできるのは${days}日分までです。期間を短くしてください。`,
    invalidFile: (count: number) => `ファイルに${count.toLocaleString('ja-JP')}件の問題があります。行と列を確かめて直してください。何も取り込んでいません。`,
    notACalendarFile: 'これは回答結果のファイルです。ここではカテゴリと予約枠のファイルだけを取り込めます。',
    fileRefused: (count: number) => `このファイルを取り込むと予約に影響が出るため、取り込めません（${count.toLocaleString('ja-JP')}件）。何も変更していません。`,
    mixedTimes: '日によって時刻の違う枠IDがあるため、枠ファイルに書き出せません。枠IDごとに時刻をそろえてください。',
  },
  /** The survey editor's refusals (see modules/surveys/survey-editor.ts). */
  surveyEditor: {
    invalid: (count: number) => `フォームの設定に${count}件の問題があります。各項目のメッセージを確認して直してください。`,
    unknownCategory: (title: string) => `予約項目「${title}」の予約カテゴリが見つかりません。カレンダー管理でカテゴリを確かめてから選び直してください。`,
    unknownMembership: '会員限定にする会員登録フォームが見つかりません。会員登録フォームを選び直してください。',
    noTeam: 'このフォームを担当するチームを1つ以上選んでください。',
    unknownTeam: (teamId: string) => `チーム「${teamId}」は存在しません。`,
    notYourTeam: (teamId: string) => `チーム「${teamId}」には所属していないため、担当チームにできません。`,
    surveyExists: (surveyId: string) => `フォームID「${surveyId}」はすでに使われています。別のIDにしてください。`,
    idChanged: 'フォームIDは作成後に変更できません。別のIDで使うときは「コピー」してください。',
    surveyChanged: 'このフォームはほかの職員が先に変更しました。画面を読み込み直して、最新の内容に変更し直してください。',
    answeredItemRetyped: (titles: readonly string[]) =>
      `回答のある項目（${titles.map((title) => `「${title}」`).join('、')}）の種類は変更できません。種類を変えたいときは、新しい項目を追加してください。`,
    modeLabel: '更新型・追加型',
    membershipLabel: '会員登録の設定',
    answeredItemRemoved: (titles: readonly string[]) =>
      `回答のある項目（${titles.map((title) => `「${title}」`).join('、')}）を削除しようとしています。これまでの回答は残りますが、新しい回答では聞かれなくなります。よければ削除を確認してから保存してください。`,
    modeChange: (records: number) => `回答が${records.toLocaleString('ja-JP')}件あるため、更新型・追加型は切り替えられません。新しいフォームを作成してください。`,
    membershipChange: (records: number) => `登録が${records.toLocaleString('ja-JP')}件あるため、会員番号の形式や会員証の設定は変更できません。`,
    backToDraftWithRecords: (records: number) => `回答が${records.toLocaleString('ja-JP')}件あるため、下書きには戻せません。受付を止めるときは「受付終了」にしてください。`,
    hasRecords: (records: number) => `回答が${records.toLocaleString('ja-JP')}件あるため、削除できません（下書きにも戻せません）。受付を終了するときは「受付終了」にしてください。`,
    notOpen: 'このフォームは現在、回答を受け付けていません。',
  },
  reasonRequired: 'キャンセル・取り消しの理由を入力してください。',
  bulkCountChanged: (expected: number, now: number) =>
    `該当する件数が変わりました（${expected.toLocaleString('ja-JP')}件 → ${now.toLocaleString('ja-JP')}件）。一覧を読み込み直して件数を確かめてから、もう一度操作してください。`,
  invalidFilter: 'この項目では絞り込めません。',
  noticeNoChannel: 'LINE公式アカウントが設定されていないため、お知らせを送れません。システム管理者に設定を依頼してください。',
  noticeLineUnavailable: 'LINEから友だちの一覧を取得できなかったため、お知らせを送っていません。しばらくしてから、もう一度お試しください。',
  noticeNotFound: 'お知らせが見つかりません。',
  noticeNoRecords: '送信先の回答がありません。',
  consoleAppNotBuilt: '管理画面がまだビルドされていません（pnpm --filter @city/console build）。',
  staffForbidden: 'この操作を行う権限がありません。',
  refundForbidden: 'お支払い済みの予約の取り消し（返金）は、職員（メンバー以上）が行います。',
  staffInvalidCredentials: 'ログインIDまたはパスワードが正しくありません。',
  staffInvalidCode: '確認コードが正しくありません。認証アプリに表示されている6桁の数字を入力してください。',
  staffAccountLocked: 'ログインに続けて失敗したため、このアカウントはロックされています。システム管理者に解除を依頼してください。',
  staffLoginRequired: '管理画面にログインしてください。',
  staffSessionExpired: '一定時間操作がなかったため、ログアウトしました。もう一度ログインしてください。',
  staffCsrfFailed: '画面の有効期限が切れました。画面を読み込み直してから、もう一度操作してください。',
  staffTotpEnrolmentRequired: '確認コードアプリの登録が必要です。',
  staffTotpAlreadyEnrolled: '確認コードアプリはすでに登録されています。',
  staffLoginIdTaken: 'このログインIDはすでに使われています。',
  staffPasswordTooShort: 'パスワードは12文字以上にしてください。',
  staffUnknownTeam: '存在しないチームが指定されています。',
  staffNotFound: '職員アカウントが見つかりません。',
  changeDeadlinePassed: '予約の変更・キャンセルの受付期限を過ぎているため、変更もキャンセルもできません。',
  bookingLimitReached: '予約できる件数の上限に達しています。ほかの予約をキャンセルしてから、お申し込みください。',
  waitlistNotOffered: 'この予約枠ではキャンセル待ちを受け付けていません。',
  waitlistSlotNotFull: 'この予約枠には空きがあります。キャンセル待ちではなく、そのままお申し込みください。',
  waitlistAlreadyBooked: 'この予約枠はすでに予約済みです。',
  waitlistAlreadyWaiting: 'この予約枠のキャンセル待ちに、すでに登録しています。',
  waitlistEntryNotFound: 'キャンセル待ちの登録が見つかりません。',
  waitlistNotReservation: '予約の項目が見つかりません。画面を読み込み直してください。',
  waitlistOfferText: (slot: string, until: string, link: string) =>
    `キャンセル待ちの予約枠が空きました。\n${slot}\n${until}までにお申し込みいただくと予約できます。過ぎると次の方にご案内します。\n${link}`,

  lotteryPending: 'この予約は抽選です。受付期間中は、予約枠を選んで抽選にお申し込みください。',
  lotteryNotFound: 'この予約枠では抽選を行っていません。',
  lotteryClosed: '抽選の申し込みの受付は終了しました。',
  lotteryAlreadyApplied: 'この予約枠の抽選に、すでに申し込んでいます。',
  lotteryApplicationNotFound: '抽選の申し込みが見つかりません。',
  lotteryDrawn: 'この抽選はすでに行いました。',
  lotteryNotClosed: '申し込みの締切前のため、まだ抽選できません。',
  lotteryCloseInPast: '申し込みの締切には、これから先の日時を指定してください。',
  lotteryCloseTooFar: '申し込みの締切は、1年以内の日時を指定してください。',
  lotteryWonText: (slot: string, until: string, link: string) =>
    `【抽選結果】当選しました。\n${slot}\n${until}までにお申し込み（お支払いのある場合はお支払いまで）をお済ませください。過ぎると次の方にご案内します。\n${link}`,
  lotteryLostText: (slot: string, rank: number | undefined, link: string) =>
    rank === undefined
      ? `【抽選結果】申し訳ありませんが、落選となりました。\n${slot}\n${link}`
      : `【抽選結果】申し訳ありませんが、落選となりました。\n${slot}\n補欠${String(rank)}番です。当選した方の辞退などで空きが出たときは、順にご案内します。\n${link}`,

  // ---- Orders and holds ----
  orderRequired: 'お支払いが必要な商品が選ばれていません。商品を選んでから、お申し込みください。',
  orderPending: 'お支払いの手続き中のため、この申し込みは変更できません。お支払いを済ませるか、「お支払いをやめる」を押してから、もう一度お試しください。',
  orderPaid: 'お支払い済みの申し込みでは、お支払いの内容を変えたり、申し込みを削除したりできません。キャンセルすると予約枠が解放され、お支払いは返金されます。',
  orderClosed: 'このお申し込みのお支払いは終了しています。内容をご確認のうえ、もう一度お申し込みください。',

  // ---- Payments ----
  orderNotFound: 'ご注文が見つかりません。',
  paymentUnavailable: '決済サービスに接続できませんでした。予約枠は確保していません。しばらくしてから、もう一度お申し込みください。',
  invalidSignature: '通知の署名を確認できませんでした。',
  // Orders in the staff console (payments/staff-orders.ts).
  orderLine: (name: string, quantity: number) => `${name} × ${quantity}`,
  orderAlreadyRefunded: 'この注文は返金済みです。',
  orderNotPaid: 'この注文は支払われていないため、返金するものがありません。',
  refundProviderUnavailable: '決済サービスに接続できなかったため、返金できませんでした。「返金待ち」として一覧に残ります。しばらくしてから、もう一度返金してください。',
  refundAfterCancelUnavailable: '予約はキャンセルしましたが、決済サービスに接続できなかったため返金できませんでした。「返金待ち」として一覧に残ります。しばらくしてから、もう一度返金してください。',
  providerUnreachable: '決済サービスに接続できませんでした。しばらくしてから、もう一度お試しください。',
  invalidPeriod: '期間の終わりが始まりより前になっています。',
  invalidOrderDate: '日付を正しく入力してください（例: 2026-12-01）。',
  refundReasonRequired: '返金の理由を入力してください。',
  orderStillPending: 'この注文はお支払いの確認中のため、返金できません。「決済サービスとの照合」で状態をそろえてから返金してください。',
  nothingToSettle: 'この注文には、決済サービスに合わせることはありません。',
  tooManyOrdersToReconcile: (max: number) => `照合できるのは一度に${max.toLocaleString('ja-JP')}件までです。期間を短くしてください。`,
  /** 但し書き of a receipt: what the money was for. */
  receiptProviso: (surveyTitle: string | undefined) => (surveyTitle === undefined ? '料金として' : `${surveyTitle}の料金として`),

  // ---- Exported results (CSV) ----
  // The headers of the fixed columns, as the earlier platform named those it had.
  exportHeaders: {
    userId: 'ユーザーID',
    partitionKey: 'パーティションキー',
    receiptNumber: '受付番号',
    status: '状態',
    memberNumber: '会員番号',
    payment: '支払い',
    origin: '申込経路',
    createdAt: '作成日',
    updatedAt: '更新日',
    memos: '管理者メモ',
  },
  recordOrigin: { line: 'LINE', web: 'WEB', staff: '職員入力', import: '取り込み' },
  /** `3,300円・支払い済み`: a record's order in one cell. */
  paymentCell: (total: number, status: string) => `${total.toLocaleString('ja-JP')}円・${status}`,
  unencodableCharacter: (line: number, column: string, character: string) =>
    `${line === 1 ? '見出し（1行目）' : `${String(line)}行目`}の「${column}」に、Windows-31J（Shift_JIS）で書けない文字「${character}」があります。UTF-8で書き出してください。`,
} as const;

/** The sandbox payment provider's hosted page (development and tests only). */
export const sandboxMessages = {
  title: 'お支払い（テスト用サンドボックス）',
  notice: 'これはテスト用の決済画面です。実際のお金は動きません。',
  item: '品目',
  quantity: '数量',
  price: '金額（税込）',
  total: '合計（税込）',
  yen: (amount: number) => `${amount.toLocaleString('ja-JP')}円`,
  pay: '支払う',
  cancel: 'キャンセルして戻る',
  fail: '支払いに失敗する',
  lapse: '保留期限を過ぎたことにする',
  testerTools: 'テスト用の操作',
  lapseHint: 'この注文の予約枠の保留を、いま期限切れにします。ほかの人が枠を取ったあとで支払う（遅れた支払い）を試せます。',
  lapsed: '予約枠の保留を期限切れにしました。',
  payLost: '支払う（通知が届かなかったことにする）',
  payLostHint: '支払いを済ませますが、サーバーへの通知を送りません。管理画面の「決済サービスとの照合」で見つけられるかを試せます。',
  paidLost: '支払いました。サーバーへの通知は送っていません。',
  sessionNotFound: 'お支払いの画面が見つかりません。',
  sessionEnded: {
    paid: 'このお支払いは完了しています。',
    cancelled: 'このお支払いはキャンセルされました。',
    failed: 'このお支払いは失敗しました。',
    expired: 'このお支払いの期限が切れました。',
  },
  refunded: (amount: number) => `${amount.toLocaleString('ja-JP')}円を返金しました。`,
  notificationFailed: (status: number) => `サーバーへの通知に失敗しました（HTTP ${status}）。もう一度お試しください。`,
  notificationUnreachable: 'サーバーに通知を届けられませんでした（接続できません）。もう一度お試しください。',
} as const;

// ---------------------------------------------------------------------------------------------
// Importing the earlier platform's CSV files (`import-calendar`): what staff read in the command's
// summary and refusals. A problem is printed after its place: `3行目 5列目: <message>`.
// ---------------------------------------------------------------------------------------------

/** Every Japanese text of the calendar import command, in one place. */
export const importMessages = {
  // Where a problem is.
  at: (line: number, column?: number) => (column === undefined ? `${line}行目` : `${line}行目 ${column}列目`),
  wholeFile: 'ファイル全体',
  // Reading the file.
  notReadable: (character: number) =>
    `${character}文字目に Shift_JIS として読めないバイトがあります。Shift_JIS（または BOM 付き UTF-8）で保存し直してください`,
  emptyFile: 'ファイルが空です',
  unclosedQuote: '引用符（"）が閉じられていません',
  quoteInField: '引用符（"）で囲まれていない項目の中に引用符があります',
  textAfterQuote: '閉じた引用符（"）のあとに、カンマ以外の文字があります',
  columnCount: (found: number, expected: number) => `列の数が${found}です（見出しは${expected}列です）`,
  unknownKind:
    'ファイルの種類が分かりません。見出し行が「カテゴリID,大分類,中分類,小分類,カレンダー有無」（分類）、「id,____,____,日付…」（予約枠）または「ユーザーID,パーティションキー,…」（アンケート結果）のファイルを指定してください',
  // Category tree files.
  categoryHeader: '見出し行は「カテゴリID,大分類,中分類,小分類,カレンダー有無」にしてください',
  categoryIdFormat: 'カテゴリIDに空白、「#」、「|」は使えません（128文字まで）',
  tag1Required: '大分類を入力してください',
  tag2RequiredForTag3: '小分類があるときは中分類も入力してください',
  duplicateCategoryId: (firstLine: number) => `カテゴリIDが${firstLine}行目と重複しています`,
  duplicateCategoryPath: (firstLine: number) => `同じ分類が${firstLine}行目にもあります`,
  categoryIdTaken: (id: string, path: string) => `カテゴリID「${id}」は、すでに別の分類「${path}」に使われています`,
  categoryPathTaken: (path: string, id: string) => `分類「${path}」は、すでに別のカテゴリID「${id}」で登録されています`,
  // Slot files.
  slotHeader: '見出し行は「id,____,____,」のあとに日付（例: 2021/4/5）を並べてください',
  dateFormat: '日付は「2021/4/5」の形で、実在する日付を入力してください',
  duplicateDate: (firstColumn: number) => `日付が${firstColumn}列目と重複しています`,
  closedDayFlag: '休日は 0（営業日）か 1（休日）で入力してください',
  slotIdFormat: '枠IDを入力してください（空白、「#」、「|」は使えません。128文字まで）',
  duplicateSlotId: (firstLine: number) => `枠IDが${firstLine}行目と重複しています`,
  timeFormat: '時刻は「10:00」の形（00:00〜24:00）で入力してください',
  endAfterStart: '終了時刻は開始時刻より後にしてください',
  capacityFormat: '定員は0以上の整数で入力してください',
  noSlots: '予約枠の行がありません',
  // Survey-result files.
  surveyHeader: '見出し行は「ユーザーID,パーティションキー,#,」（または「ユーザーID,パーティションキー,受付番号,」）で始め、「状態,作成日,更新日,管理者メモ」で終えてください',
  categoryReference: '分類は「category#<カテゴリID>」の形で入力してください',
  // Options and the database.
  calendarRequired: '予約枠のファイルには、取り込み先のカレンダーを --calendar <カレンダーID> で指定してください',
  calendarIdFormat: 'カレンダーIDは英数字、「-」、「_」で64文字までにしてください',
  categoryRequiredForNewCalendar: (calendarId: string) =>
    `カレンダー「${calendarId}」はまだありません。作成するには、付ける分類を --category <カテゴリID> で指定してください`,
  categoryNotFound: (categoryId: string) => `カテゴリ「${categoryId}」が見つかりません。先に分類のファイルを取り込んでください`,
  categoryHasChildren: (categoryId: string) => `カテゴリ「${categoryId}」の下に分類があるため、カレンダーを付けられません。いちばん下の分類を指定してください`,
  categoryHasCalendar: (categoryId: string, calendarId: string) => `カテゴリ「${categoryId}」には、すでにカレンダー「${calendarId}」があります`,
  calendarOnOtherCategory: (calendarId: string, categoryId: string) =>
    `カレンダー「${calendarId}」は別のカテゴリ「${categoryId}」に付いています`,
  optionsNotForCategories: '分類のファイルには --calendar、--category を指定できません',
  capacityBelowClaims: (date: string, start: string, end: string, claimed: number, capacity: number) =>
    `${date} ${start}〜${end} は予約済みが ${claimed} のため、定員を ${capacity} にはできません`,
  claimedSlotRemoved: (date: string, start: string, end: string, claimed: number) =>
    `${date} ${start}〜${end} は予約済みが ${claimed} のため、ファイルにない枠として削除することはできません`,
  claimedSlotRetimed: (date: string, start: string, end: string, claimed: number, newStart: string, newEnd: string) =>
    `${date} ${start}〜${end} は予約済みが ${claimed} のため、時刻を ${newStart}〜${newEnd} に変えることはできません`,
  bookedDayClosed: (date: string, claimed: number) => `${date} は予約済みが ${claimed} のため、休日にすることはできません`,
  // The summary.
  refused: (problems: number) => `取り込みを中止しました（問題 ${problems} 件）。データベースは変更していません。`,
  capacityRefused: '予約済みの数より少ない定員にはできません。次の枠を見直してください:',
  unchanged: '変更なし（同じ内容がすでに取り込まれています）',
  categoriesSummary: (added: number, changed: number, unchanged: number) =>
    `分類: 追加 ${added} 件、変更 ${changed} 件、変更なし ${unchanged} 件`,
  slotsSummary: (calendarId: string, created: boolean) => `カレンダー「${calendarId}」${created ? '（新規作成）' : ''}に取り込みました`,
  slotCounts: (added: number, changed: number, removed: number, unchanged: number) =>
    `予約枠: 追加 ${added} 件、変更 ${changed} 件、削除 ${removed} 件、変更なし ${unchanged} 件`,
  closedDayCounts: (added: number, removed: number) => `休日: 追加 ${added} 件、解除 ${removed} 件`,
  slotFileHolds: (dates: number, first: string, last: string, slots: number, closedDays: number) =>
    `${first}〜${last} の ${dates} 日分、予約枠 ${slots} 件（うち休日 ${closedDays} 日）`,
  surveyFile: (records: number) => `アンケート結果のファイルです（${records} 件）。アンケート結果の取り込みには対応していないため、何も書き込んでいません。`,
  surveyColumns: (columns: string) => `回答の列: ${columns}`,
  surveyCategories: (references: string) => `分類の参照: ${references}`,
  outcome: { added: '追加', changed: '変更', unchanged: '変更なし' },
  categoriesFile: (file: string) => `分類のファイル「${file}」を取り込みました`,
  surveyReference: (categoryId: string, records: number) => `category#${categoryId}（${records} 件）`,
  unknownOption: (option: string) => `「${option}」は使えないオプションです`,
  usage:
    '使い方: pnpm --filter @city/server import-calendar [<ファイル>] [--calendar <カレンダーID> --category <カテゴリID>] [--labels <大分類の名前>,<中分類の名前>,<小分類の名前>]',
  badLabels: (value: string) => `「${value}」: 分類の名前は、カンマで区切って3つ（各20文字以内）指定してください（例: --labels 種類,健診,会場）`,
  labelsSet: (tag1: string, tag2: string, tag3: string) => `分類の名前を「${tag1}」「${tag2}」「${tag3}」にしました`,
  fileNotFound: (file: string) => `ファイル「${file}」を読めません`,
} as const;

/** Importing survey results (records/import-records.ts): problems by line and column, and the summary. */
export const recordImportMessages = {
  notResultsFile: 'アンケート結果のファイルではありません。見出し行が「ユーザーID,パーティションキー,#,…,状態,作成日,更新日,管理者メモ」のファイルを指定してください',
  unknownColumn: (name: string) => `「${name}」という項目はこのフォームにありません（項目名、「項目名（項目キー）」または項目キーで指定してください）`,
  duplicateColumn: (name: string, first: number) => `「${name}」は${first}列目と同じ項目です`,
  userIdFormat: 'ユーザーIDは「U」と32桁の英数字（0〜9、a〜f。LINEのユーザーID）か、空欄にしてください',
  partitionKeyOfOtherSurvey: 'パーティションキーがこのフォームのものではありません',
  partitionKeyFormat: 'パーティションキーに使えない文字があります',
  partitionKeyOfOtherUser: 'このパーティションキーは別のLINEユーザーのものです（ユーザーIDと合いません）',
  ambiguousColumn: (name: string) => `「${name}」という題名の項目が複数あります。「${name}（項目キー）」の形で指定してください`,
  closeOnRecordPage: 'キャンセル・取り消しは、予約の取り消しや返金を伴うため、回答の画面で行ってください',
  reopenOnRecordPage: 'キャンセル済みの回答を戻すときは、予約を取り直すため、回答の画面で行ってください',
  memberRegistration: '会員登録のフォームには新しい回答を取り込めません（会員番号はサーバーが発行します）',
  duplicateLine: (first: number) => `${first}行目と同じ記録です（同じパーティションキー、または同じ内容の行）`,
  userIdChanged: 'ユーザーIDは変更できません（記録のユーザーIDと違います）',
  receiptNumberChanged: '受付番号は変更できません（記録の受付番号と違います）',
  receiptNumberTaken: '受付番号がすでに別の記録に使われています',
  receiptNumberFormat: '受付番号は英数字と「-」で32文字までにしてください',
  status: (statuses: string) => `状態は ${statuses} のいずれかにしてください`,
  notAnOption: (value: string) => `「${value}」は選択肢にありません`,
  dateFormat: '日付は「2026-12-01」または「2026/12/1」の形で、実在する日付を入力してください',
  filesNotImported: 'ファイルの項目は取り込めません（空欄にしてください）',
  reservationFormat: '予約は「カテゴリID|日付|枠ID」（例: checkup-central|2026-12-03|1）の形で入力してください',
  unknownCategory: (categoryId: string) => `カテゴリ「${categoryId}」が見つかりません。先に分類を取り込むか、カテゴリIDを確かめてください`,
  categoryWithoutCalendar: (categoryId: string) => `カテゴリ「${categoryId}」にはカレンダーがないため、予約できません`,
  slotNotFound: (date: string, slotId: string) => `${date} の枠「${slotId}」はありません`,
  slotFull: (date: string, start: string, end: string, left: number) => `${date} ${start}〜${end} の枠は残り${String(left)}のため、この行の予約を入れられません`,
  invalidAnswer: (title: string, message: string) => `${title}：${message}`,
  // The summary.
  refused: (problems: number) => `取り込みを中止しました（問題 ${problems.toLocaleString('ja-JP')} 件）。データベースは変更していません。`,
  summary: (create: number, update: number, unchanged: number) =>
    `追加 ${create.toLocaleString('ja-JP')} 件、更新 ${update.toLocaleString('ja-JP')} 件、変更なし ${unchanged.toLocaleString('ja-JP')} 件`,
  dryRunDone: '確認のみ（データベースは変更していません）',
  statusReason: 'CSVファイルの取り込み',
  problemsFound: (problems: number) => `確認で問題が見つかりました（${problems.toLocaleString('ja-JP')} 件）。何も取り込んでいません。`,
  applied: '取り込みました',
  ignoredColumns: (names: string) => `次の列は取り込みません（サーバーが記録する列、商品、以前の版の項目）: ${names}`,
  usage: '使い方: pnpm --filter @city/server import-results --survey <フォームID> <ファイル> [--apply]（--apply を付けないときは確認のみ）',
} as const;

/** The recount (modules/recount): what was compared, each finding, and the drift. */
export const recountMessages = {
  compared: (totals: { slots: number; claims: number; records: number; orders: number }) =>
    `予約枠 ${totals.slots.toLocaleString('ja-JP')}、予約 ${totals.claims.toLocaleString('ja-JP')}、回答 ${totals.records.toLocaleString('ja-JP')}、注文 ${totals.orders.toLocaleString('ja-JP')} を照合しました`,
  slot: (slot: { calendarId: string; date: string; slotId: string; claimedUnits: number; claims: number; capacity: number; waitlistUnits: number; waitlistPlaces: number }) =>
    `  予約枠 ${slot.calendarId} ${slot.date} 枠${slot.slotId}: 枠に記録された予約数 ${String(slot.claimedUnits)}、予約を数え直した数 ${String(slot.claims)}、定員 ${String(slot.capacity)}、キャンセル待ちに確保した数 ${String(slot.waitlistUnits)}、キャンセル待ちの方の数 ${String(slot.waitlistPlaces)}`,
  claim: (claim: { partitionKey: string; itemKey: string; date: string; slotId: string; reason: 'noRecord' | 'otherSlot' | 'closed' }) =>
    `  予約 ${claim.partitionKey}（${claim.itemKey}）${claim.date} 枠${claim.slotId}: ${{ noRecord: '回答がありません', otherSlot: '回答は別の枠です', closed: '回答はキャンセル済みです' }[claim.reason]}`,
  answer: (answer: { receiptNumber: string; itemKey: string; value: string }) => `  受付番号 ${answer.receiptNumber}（${answer.itemKey}）: 回答の枠「${answer.value}」に予約がありません`,
  order: (order: { receiptNumber: string; orderId: string; reason: 'noRecord' | 'closed' }) =>
    `  注文 ${order.orderId}（受付番号 ${order.receiptNumber}）: 支払い済みですが、${order.reason === 'noRecord' ? '回答がありません' : '回答はキャンセル済みで返金されていません'}`,
  drift: (drift: number) => (drift === 0 ? 'ずれはありません（0件）' : `ずれが ${drift.toLocaleString('ja-JP')} 件あります`),
} as const;

/** The results export command (`pnpm --filter @city/server export-results`), for the server's operator. */
export const exportMessages = {
  usage:
    '使い方: pnpm --filter @city/server export-results --survey <フォームID> [--filter <絞り込み条件のJSON>] [--encoding windows-31j|utf-8] [--out <ファイル>]',
  badFilter: '--filter の絞り込み条件を読めません（管理画面の一覧と同じ形のJSONで指定してください。例: {"statuses":["未対応"]}）',
  written: (records: number, file: string) => `${records.toLocaleString('ja-JP')}件を ${file} に書き出しました`,
  unencodable: 'Windows-31J（Shift_JIS）で書けない文字があるため、書き出しを中止しました。--encoding utf-8 を指定すると、そのまま書き出せます。該当する箇所:',
  unencodableCell: (line: number, receiptNumber: string, column: string, character: string) =>
    line === 1 ? `  見出し（1行目）「${column}」: ${character}` : `  ${String(line)}行目（受付番号 ${receiptNumber}）「${column}」: ${character}`,
} as const;
