// Who a developer can sign in as, and the development LINE Login channel the stand-in serves.

export interface TestUser {
  userId: string;
  displayName: string;
  pictureUrl: string;
}

/**
 * A test user's LINE Common Profile (what LINE's quick fill hands a mini-app with the user's
 * consent), with the plugin's field names. 鈴木 has set none.
 */
export const COMMON_PROFILES: Readonly<Record<string, Readonly<Record<string, string | number>>>> = {
  U1111111111111111111111111111111a: {
    'family-name': '山田',
    'given-name': '太郎',
    'family-name-kana': 'ヤマダ',
    'given-name-kana': 'タロウ',
    'sex-enum': 0,
    'bday-year': 1985,
    'bday-month': 4,
    'bday-day': 12,
    tel: '09012345678',
    email: 'yamada@example.jp',
    'postal-code': '1000001',
    'address-level1': '東京都',
    'address-level2': '千代田区',
    'address-level3': '千代田1-1',
    'address-level4': 'デモマンション101',
  },
  U2222222222222222222222222222222b: {
    'family-name': '佐藤',
    'given-name': '花子',
    'family-name-kana': 'サトウ',
    'given-name-kana': 'ハナコ',
    tel: '08098765432',
  },
};

/** The people a developer can sign in as. LINE user ids are U + 32 hex digits. */
export const TEST_USERS: readonly [TestUser, TestUser, TestUser] = [
  { userId: 'U1111111111111111111111111111111a', displayName: '山田 太郎', pictureUrl: 'https://profile.example/yamada.png' },
  { userId: 'U2222222222222222222222222222222b', displayName: '佐藤 花子', pictureUrl: 'https://profile.example/sato.png' },
  { userId: 'U3333333333333333333333333333333c', displayName: '鈴木 一郎', pictureUrl: 'https://profile.example/suzuki.png' },
];

/**
 * The development LINE Login channel: what a server uses outside production when no channel is
 * configured, and the only secret the stand-in signs with. A server refuses it in production.
 */
export const DEV_CHANNEL = {
  channelId: '1650000000',
  channelSecret: 'dev-channel-secret-not-for-production',
} as const;
