// Who a developer can sign in as, and the development LINE Login channel the stand-in serves.

export interface TestUser {
  userId: string;
  displayName: string;
  pictureUrl: string;
}

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
