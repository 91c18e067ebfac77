// The records module, wired: its store (with every repository a record's transaction touches),
// the citizens' and staff's routes, and the deletion members use for a withdrawal.
import type { PaymentReturn } from '@city/api-client';
import type { FileRef } from '@city/survey-core';
import type { FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import type { Actor } from '../../access/actor.js';
import { cancelRecord, deleteRecord } from './change-record.js';
import { FullSlotHints } from './full-slot-hints.js';
import type { RecordsDeps } from './records.js';
import { recordRepositories } from './repositories.js';
import type { CitizenActionMessages } from './routes.js';
import { recordsModule } from './routes.js';
import { staffRecordsModule } from './staff-routes.js';

export function createRecordsModule(input: {
  storage: Storage;
  now: () => number;
  authenticate: onRequestAsyncHookHandler;
  authenticateStaff: onRequestAsyncHookHandler;
  isOwnUpload: (userId: string, file: FileRef) => Promise<boolean>;
  settleCancelledOrder: (orderId: string) => Promise<void>;
  startCheckout: (orderId: string, request: FastifyRequest, returnTo: PaymentReturn | undefined) => Promise<string>;
  staffNames: () => Promise<Map<string, string>>;
  /** LINE messages confirming citizens' actions in the mini-app; absent when off. */
  lineMessages: CitizenActionMessages | undefined;
  /** A booking was cancelled, deleted or moved: its slot's waitlist is worked (calendars module). */
  unitsFreed: () => void;
  logError: (error: unknown, message: string) => void;
}): {
  routes: FastifyPluginAsync[];
  deleteRecord: (surveyId: string, partitionKey: string, userId: string) => Promise<void>;
  /** Cancels a record (キャンセル) with a reason, as the status panel does: a paid order is refunded. */
  cancelRecord: (actor: Actor, surveyId: string, partitionKey: string, reason: string) => Promise<void>;
} {
  const deps: RecordsDeps = {
    store: input.storage.store(recordRepositories),
    fullSlots: new FullSlotHints(),
    now: input.now,
    isOwnUpload: input.isOwnUpload,
    settleCancelledOrder: input.settleCancelledOrder,
  };
  return {
    routes: [
      recordsModule({ ...deps, authenticate: input.authenticate, startCheckout: input.startCheckout, lineMessages: input.lineMessages, unitsFreed: input.unitsFreed, logError: input.logError }),
      staffRecordsModule({ ...deps, authenticateStaff: input.authenticateStaff, staffNames: input.staffNames }),
    ],
    deleteRecord: (surveyId, partitionKey, userId) => deleteRecord(deps, surveyId, partitionKey, userId),
    cancelRecord: (actor, surveyId, partitionKey, reason) => cancelRecord(deps, actor, surveyId, partitionKey, { status: 'キャンセル', reason }),
  };
}
