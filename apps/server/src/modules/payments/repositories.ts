// The payments module's repositories on each engine: handled notifications, and the sandbox's sessions.
import type { RepositoryFactory } from '../../db/storage.js';
import type { PaymentEventRepository } from './payment-event-repository.js';
import { createPostgresPaymentEventRepository } from './postgres-payment-event-repository.js';
import { createPostgresSandboxSessionRepository } from './sandbox/postgres-sandbox-session-repository.js';
import type { SandboxSessionRepository } from './sandbox/sandbox-session-repository.js';
import { createSqliteSandboxSessionRepository } from './sandbox/sqlite-sandbox-session-repository.js';
import { createSqlitePaymentEventRepository } from './sqlite-payment-event-repository.js';

export const paymentEventRepository: RepositoryFactory<PaymentEventRepository> = { sqlite: createSqlitePaymentEventRepository, postgres: createPostgresPaymentEventRepository };
export const sandboxSessionRepository: RepositoryFactory<SandboxSessionRepository> = { sqlite: createSqliteSandboxSessionRepository, postgres: createPostgresSandboxSessionRepository };
