import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { auditView } from '../audit/audit-view.js';
import { bookOnBehalf } from './book-on-behalf.js';
import type { StaffRecordsDeps } from './staff-records.js';
import { addMemo, bulkChangeStatus, changeStatus, listRecords, readRecord } from './staff-records.js';

export interface StaffRecordsModuleDeps extends StaffRecordsDeps {
  authenticateStaff: onRequestAsyncHookHandler;
  /** Staff members' display names by id, for the history and audit entries shown. */
  staffNames: () => Promise<Map<string, string>>;
}

/** The console's records: list by filter, a record's page, status changes, memos, bulk changes. */
export function staffRecordsModule(deps: StaffRecordsModuleDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticateStaff);

    contractRoute(app, staffEndpoints.staffRecords, {}, async (request) => listRecords(deps, request.staff, request.params.surveyId, request.body));

    contractRoute(app, staffEndpoints.staffRecord, {}, async (request) => {
      const page = await readRecord(deps, request.staff, request.params.surveyId, request.params.partitionKey);
      const names = await deps.staffNames();
      const nameOf = (staffId: string) => names.get(staffId) ?? staffId;
      return {
        data: {
          ...page,
          enteredBy: page.enteredBy === null ? null : nameOf(page.enteredBy),
          history: page.history.map(({ kind, status, text, staffId, at }) => ({ kind, status, text, staffId, staffName: nameOf(staffId), at })),
          audit: page.audit.map((entry) => auditView(entry, nameOf)),
        },
      };
    });

    contractRoute(app, staffEndpoints.staffChangeStatus, {}, async (request) => {
      const { surveyId, partitionKey } = request.params;
      return { data: { version: await changeStatus(deps, request.staff, surveyId, partitionKey, request.body) } };
    });

    contractRoute(app, staffEndpoints.staffAddMemo, {}, async (request) => {
      await addMemo(deps, request.staff, request.params.surveyId, request.params.partitionKey, request.body.text);
      return { result: 'OK' as const };
    });

    contractRoute(app, staffEndpoints.staffBookOnBehalf, { successStatus: 201 }, async (request) => ({
      data: await bookOnBehalf(deps, request.staff, request.params.surveyId, request.body),
    }));

    contractRoute(app, staffEndpoints.staffBulkStatus, {}, async (request) => ({
      data: await bulkChangeStatus(deps, request.staff, request.params.surveyId, request.body),
    }));
  };
}
