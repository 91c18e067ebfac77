// The orders' repository on each engine.
import type { RepositoryFactory } from '../../db/storage.js';
import type { OrderRepository } from './order-repository.js';
import { createPostgresOrderRepository } from './postgres-order-repository.js';
import { createSqliteOrderRepository } from './sqlite-order-repository.js';

export const orderRepository: RepositoryFactory<OrderRepository> = { sqlite: createSqliteOrderRepository, postgres: createPostgresOrderRepository };
