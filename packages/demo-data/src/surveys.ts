import type { MemberNumberFormat, SurveyConfig } from '@city/survey-core';

// The demo surveys, defined once for the server's seed and @city/ui's Storybook.

/**
 * A plain questionnaire with every item type the form supports (one record per citizen).
 * `selectProducts` and `reservation` join when payments and calendars do.
 */
export const CITIZEN_QUESTIONNAIRE: SurveyConfig = {
  surveyId: 'citizen-questionnaire',
  surveyTitle: '市民アンケート',
  surveySchema: [
    { itemKey: 'intro', type: 'guide', title: 'ご協力のお願い', description: '市政の参考にするため、5分ほどのアンケートにご協力ください。' },
    { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 30 },
    { itemKey: 'kana', type: 'text', title: 'フリガナ', maxLength: 30 },
    { itemKey: 'email', type: 'text', title: 'メールアドレス', format: 'email' },
    { itemKey: 'phone', type: 'text', title: '電話番号', format: 'phone', required: true },
    { itemKey: 'postalCode', type: 'text', title: '郵便番号', format: 'postalCode' },
    { itemKey: 'address', type: 'text', title: 'ご住所', format: 'address' },
    { itemKey: 'household', type: 'text', title: '世帯人数', format: 'number' },
    { itemKey: 'birthday', type: 'birthday', title: '生年月日' },
    { itemKey: 'area', type: 'dropdown', title: 'お住まいの地区', options: ['東区', '西区', '南区', '北区', '中央区'], required: true },
    { itemKey: 'satisfaction', type: 'radio', title: '市のサービスへの満足度', options: ['満足', 'やや満足', 'やや不満', '不満'], required: true },
    { itemKey: 'services', type: 'checkboxes', title: 'よく利用する施設', options: ['図書館', '公民館', '体育館', '市民プール'] },
    { itemKey: 'visitDate', type: 'date', title: '最後に市役所を訪れた日' },
    { itemKey: 'photos', type: 'files', title: '気になる場所の写真' },
    { itemKey: 'opinion', type: 'textarea', title: 'ご意見・ご要望', maxLength: 1000 },
    { itemKey: 'staffMemo', type: 'text', title: '職員メモ', isAdminItem: true },
  ],
};

/** A repeated application (append mode: every submission is a new record); look-up enabled. */
export const EVENT_APPLICATION: SurveyConfig = {
  surveyId: 'event-application',
  surveyTitle: '市民講座 受講申込',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'ticket', type: 'text', title: '受講券番号', format: 'number', required: true, minLength: 6, maxLength: 6 },
    { itemKey: 'born', type: 'birthday', title: '生年月日', required: true },
    { itemKey: 'course', type: 'radio', title: '講座', options: ['スマホ教室', '健康体操', '料理教室'], required: true },
    { itemKey: 'note', type: 'textarea', title: '連絡事項', maxLength: 200 },
  ],
};

/**
 * Booking a health check-up (特定健診) at one of three venues: the reservation demo. Append mode,
 * so a citizen can book for family members too (each venue's calendar allows a citizen three active
 * bookings, which the guide says as 会場ごとに3件まで).
 * The `slot` item books in the 中分類 `checkup`; the citizen picks a venue below it. A booking is
 * paid for: the 受診料 (1,500円, required) and optionally an 追加血液検査 (800円), prices tax included.
 */
export const HEALTH_CHECKUP: SurveyConfig = {
  surveyId: 'health-checkup',
  surveyTitle: '健康診断のご予約',
  isAppending: { value: true },
  surveySchema: [
    {
      itemKey: 'guide',
      type: 'guide',
      title: 'ご予約の前に',
      description:
        '特定健診の会場と日時をお選びください。予約は前日まで、変更・キャンセルも前日までです。ご予約は会場ごとに3件までです。当日は保険証をお持ちください。',
    },
    // Inside LINE, these can be filled from the citizen's LINE profile (with their consent).
    { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 30, profileField: 'name' },
    { itemKey: 'kana', type: 'text', title: 'フリガナ', maxLength: 30, profileField: 'nameKana' },
    { itemKey: 'phone', type: 'text', title: '電話番号', format: 'phone', required: true, profileField: 'phone' },
    { itemKey: 'birthday', type: 'birthday', title: '生年月日', profileField: 'birthday' },
    { itemKey: 'slot', type: 'reservation', title: '予約日時', categoryId: 'checkup', cost: 1, required: true },
    // The fee is paid when booking (reservation/temprary, then the payment provider's page).
    {
      itemKey: 'fee',
      type: 'selectProducts',
      title: '受診料',
      required: true,
      products: [{ productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, maxQuantity: 1 }],
    },
    {
      itemKey: 'options',
      type: 'selectProducts',
      title: '追加の検査',
      products: [{ productId: 'blood-test', name: '追加血液検査', unitPrice: 800, maxQuantity: 1 }],
    },
    { itemKey: 'request', type: 'textarea', title: 'ご要望', maxLength: 500 },
  ],
};

/** How library card numbers look: LIB, 7 digits, a check digit (`LIB00000182`). */
export const LIBRARY_CARD_NUMBER_FORMAT: MemberNumberFormat = { prefix: 'LIB', digits: 7 };

/**
 * The library card: the member-registration demo (`/member/library-card`). One registration per
 * citizen; the server issues the number (LIB, 7 digits and a check digit). The birthday cannot be
 * changed after registering (it is how a paper card is claimed); name and contacts can.
 */
export const LIBRARY_CARD: SurveyConfig = {
  surveyId: 'library-card',
  surveyTitle: '図書館利用カードの登録',
  membership: {
    name: '市立図書館 利用カード',
    numberFormat: LIBRARY_CARD_NUMBER_FORMAT,
    numberItemKey: 'memberNumber',
    nameItemKeys: ['familyName', 'firstName'],
  },
  surveySchema: [
    {
      itemKey: 'guide',
      type: 'guide',
      title: '利用カードについて',
      description:
        '登録すると、この画面に図書館の利用カード（会員証）が表示されます。カウンターでは画面のバーコードをお見せください。紙の利用カードをお持ちの方は、新しく登録せずに「紙の市立図書館 利用カードをお持ちの方」からお手続きください。',
    },
    { itemKey: 'familyName', type: 'text', title: '姓', required: true, maxLength: 20 },
    { itemKey: 'firstName', type: 'text', title: '名', required: true, maxLength: 20 },
    { itemKey: 'kana', type: 'text', title: 'フリガナ', maxLength: 40 },
    { itemKey: 'born', type: 'birthday', title: '生年月日', required: true, isNotEditable: true },
    { itemKey: 'phone', type: 'text', title: '電話番号', format: 'phone', required: true },
    { itemKey: 'address', type: 'text', title: 'ご住所', format: 'address', required: true },
    // Issued by the server; the form leaves it out. A paper card's holder types it to claim it.
    { itemKey: 'memberNumber', type: 'text', title: '会員番号', description: '利用カードに記載の、LIBから始まる番号', maxLength: 20 },
  ],
};

/**
 * Booking a study room at the library: members only (the library card). Append mode; one hour a
 * booking, at the room's own calendar.
 */
export const STUDY_ROOM: SurveyConfig = {
  surveyId: 'study-room',
  surveyTitle: '図書館 学習室のご予約',
  isAppending: { value: true },
  requiresMembership: LIBRARY_CARD.surveyId,
  surveySchema: [
    {
      itemKey: 'guide',
      type: 'guide',
      title: 'ご予約の前に',
      description: '学習室は図書館利用カードをお持ちの方がご利用いただけます。ご利用は1回1時間です。当日はカウンターで利用カードをお見せください。',
    },
    { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 30 },
    { itemKey: 'slot', type: 'reservation', title: '利用日時', categoryId: 'study-room', cost: 1, required: true },
  ],
};

/** A demo survey as the server stores it: its configuration and how citizens may find records in it. */
export interface DemoSurvey {
  config: SurveyConfig;
  /** Items a citizen gives to look a record up (filterQuery); empty when look-up is off. */
  lookupItemKeys: string[];
  /** Listed for citizens on the search form (getAllSearchable). */
  searchable: boolean;
}

/** Every demo survey, as the server seeds them. */
export const DEMO_SURVEYS: readonly DemoSurvey[] = [
  { config: CITIZEN_QUESTIONNAIRE, lookupItemKeys: [], searchable: true },
  { config: EVENT_APPLICATION, lookupItemKeys: ['ticket', 'born'], searchable: true },
  { config: HEALTH_CHECKUP, lookupItemKeys: [], searchable: true },
  { config: LIBRARY_CARD, lookupItemKeys: ['memberNumber', 'born'], searchable: true },
  { config: STUDY_ROOM, lookupItemKeys: [], searchable: true },
];
