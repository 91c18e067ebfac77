// Staff in tests: teams and accounts made through the same use-cases the create-staff command
// uses, and a console client that keeps its session cookie and CSRF token as a browser would.
import type { StaffEndpointName, StaffSession } from '@city/api-client/staff-contract';
import { CSRF_HEADER, staffEndpoints } from '@city/api-client/staff-contract';
import type { InjectOptions } from 'fastify';
import type { StaffRole } from '../src/access/permissions.js';
import { readConfig } from '../src/env.js';
import { repositories } from '../src/db/storage.js';
import { auditRepository } from '../src/modules/audit/repositories.js';
import { createStaffMember } from '../src/modules/staff/manage-staff.js';
import type { StaffDeps } from '../src/modules/staff/staff.js';
import { staffRepository } from '../src/modules/staff/repositories.js';
import type { CalendarSpec, HttpClient, SlotSpec } from './calendar-fixtures.js';
import { addCalendar, addCategories, APPEND_BOOKING_SURVEY, CHECKUP_CATEGORIES, listen, saveSurveys } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';

export const TEAMS = [
  { teamId: 'team-a', name: 'Aチーム' },
  { teamId: 'team-b', name: 'Bチーム' },
] as const;

/**
 * Argon2id at 1 MiB and one pass for the accounts tests make (hundreds, each signed in): at the
 * production parameters (19 MiB, two passes) hashing and verifying them took 5 % of the server
 * suite's CPU. Accounts made by the app's own routes and commands hash with the production ones,
 * which test/create-staff.test.ts checks.
 */
const TEST_PASSWORD_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function staffDepsOf(ctx: TestContext, now: () => number = Date.now): StaffDeps {
  return {
    store: ctx.app.storage.store(repositories({ staff: staffRepository, audit: auditRepository })),
    security: readConfig({ NODE_ENV: 'test' }).staff,
    now,
    passwordHashing: TEST_PASSWORD_HASHING,
  };
}

export async function addTeams(ctx: TestContext): Promise<void> {
  const { store } = staffDepsOf(ctx);
  await store.transaction(async ({ staff }) => {
    for (const team of TEAMS) await staff.insertTeam(team, Date.now());
  });
}

export interface TestStaff {
  loginId: string;
  password: string;
  staffId: string;
  role: StaffRole;
  teamIds: string[];
}

export async function addStaff(ctx: TestContext, role: StaffRole, teamIds: string[], options: { loginId?: string; totpSecret?: string } = {}): Promise<TestStaff> {
  const loginId = options.loginId ?? `${role}-${teamIds.join('-') || 'none'}`;
  const password = `password-of-${loginId}`;
  const member = await createStaffMember(staffDepsOf(ctx), { kind: 'system', job: 'test' }, {
    loginId,
    displayName: loginId,
    role,
    teamIds,
    password,
    ...(options.totpSecret === undefined ? {} : { totpSecret: options.totpSecret }),
  });
  return { loginId, password, staffId: member.staffId, role, teamIds };
}

export interface ConsoleResponse {
  status: number;
  body: Record<string, unknown> & { data?: unknown; code?: string; message?: string };
  headers: Record<string, unknown>;
}

/** A console in a browser: one cookie jar, the CSRF token from the last session answer. */
export function consoleClient(ctx: TestContext) {
  let cookie: string | undefined;
  let csrfToken: string | undefined;
  const call = async (
    name: StaffEndpointName,
    request: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<ConsoleResponse> => {
    const endpoint = staffEndpoints[name];
    const url = endpoint.path.replace(/:(\w+)/g, (_match, key: string) => encodeURIComponent(request.params?.[key] ?? ''));
    const sendCsrf = request.csrf ?? endpoint.method !== 'GET';
    const options: InjectOptions = {
      method: endpoint.method,
      url,
      headers: {
        ...(cookie === undefined ? {} : { cookie }),
        ...(sendCsrf && csrfToken !== undefined ? { [CSRF_HEADER]: csrfToken } : {}),
        ...request.headers,
      },
      ...(request.query === undefined ? {} : { query: request.query }),
      ...(request.body === undefined ? {} : { payload: request.body as Record<string, unknown> }),
    };
    const response = await ctx.app.inject(options);
    const setCookie = response.cookies.find((c) => c.name === 'city_staff_session');
    if (setCookie !== undefined) cookie = setCookie.value === '' ? undefined : `city_staff_session=${setCookie.value}`;
    // A file (a CSV export) is not JSON: its text is in `text`.
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    const body = response.body === '' ? {} : isJson ? response.json<ConsoleResponse['body']>() : { text: response.body };
    // A call answering data: null (a calendar without a reminder) is no session.
    const session = body.data as StaffSession | null | undefined;
    if (typeof session === 'object' && session !== null && 'csrfToken' in session) csrfToken = session.csrfToken;
    return { status: response.statusCode, body, headers: response.headers };
  };
  return {
    call,
    /** Signs in with a password only (accounts without a second factor). */
    signIn: async (staff: Pick<TestStaff, 'loginId' | 'password'>) => call('staffSignIn', { body: { loginId: staff.loginId, password: staff.password } }),
    get cookie() {
      return cookie;
    },
    get csrfToken() {
      return csrfToken;
    },
    forgetCookie: () => {
      cookie = undefined;
    },
  };
}

/**
 * The staff tests' booking world: the 特定健診 categories, one calendar under 中央 with these slots
 * (and `rules`), the append-mode booking survey owned by team A, teams A and B, and the app
 * listening on 127.0.0.1 for citizens' calls.
 */
export async function staffBookingWorld(
  ctx: TestContext,
  calendar: { slots: readonly SlotSpec[]; rules?: CalendarSpec['rules'] },
): Promise<{ http: HttpClient; surveyId: string }> {
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: calendar.slots, ...(calendar.rules === undefined ? {} : { rules: calendar.rules }) });
  await saveSurveys(ctx, APPEND_BOOKING_SURVEY);
  await addTeams(ctx);
  await ctx.surveys.transaction((surveys) => surveys.setTeams(APPEND_BOOKING_SURVEY.surveyId, ['team-a']));
  return { http: await listen(ctx), surveyId: APPEND_BOOKING_SURVEY.surveyId };
}
