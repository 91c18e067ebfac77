export type { LineStandIn, LineStandInOptions } from './stand-in.js';
export { createLineStandIn } from './stand-in.js';
export type { TestUser } from './test-users.js';
export { COMMON_PROFILES, DEV_CHANNEL, TEST_USERS } from './test-users.js';
export type { LineChannel, TokenOptions } from './tokens.js';
export { LINE_ISSUER, signWebIdToken } from './tokens.js';
export type { InboxMessage, InjectedFailure, LineMessaging } from './messaging.js';
export { NOTIFICATION_TOKEN_SECONDS, NOTIFICATION_TOKEN_SENDS } from './messaging.js';
