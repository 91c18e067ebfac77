// The demo's staff (development only, never in production): two teams owning the demo surveys,
// an administrator over both, and an admin, member, operator and guest in each team. Their
// passwords and the administrator's TOTP secret are printed by `pnpm start`. Real accounts are made
// with the create-staff command, never with a default password.
import type { Actor } from './access/actor.js';
import type { StaffRole } from './access/permissions.js';
import type { Store } from './db/store.js';
import type { StaffDeps } from './modules/staff/staff.js';
import type { NewStaffMember } from './modules/staff/manage-staff.js';
import { createStaffMember } from './modules/staff/manage-staff.js';
import type { Team } from './modules/staff/staff-repository.js';
import type { SurveyRepository } from './modules/surveys/survey-repository.js';

export const DEMO_TEAMS: readonly (Team & { surveyIds: readonly string[] })[] = [
  { teamId: 'health', name: '健康推進課', surveyIds: ['health-checkup', 'citizen-questionnaire'] },
  { teamId: 'community', name: '市民協働課', surveyIds: ['event-application', 'library-card', 'study-room'] },
];

/** A demo account: what create-staff takes, its password included (printed in development). */
export type DemoStaffAccount = NewStaffMember;

/** A fixed demo secret (base32), so the demo's authenticator entry survives a fresh database. */
const DEMO_ADMINISTRATOR_TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const ROLE_NAMES: Record<Exclude<StaffRole, 'administrator'>, string> = { admin: '管理者', member: '職員', operator: '委託オペレーター', guest: '閲覧者' };

export const DEMO_STAFF: readonly DemoStaffAccount[] = [
  { loginId: 'administrator', displayName: 'システム管理者', role: 'administrator', teamIds: ['health', 'community'], password: 'demo-administrator', totpSecret: DEMO_ADMINISTRATOR_TOTP },
  ...DEMO_TEAMS.flatMap((team) =>
    (['admin', 'member', 'operator', 'guest'] as const).map((role) => ({
      loginId: `${team.teamId}-${role}`,
      displayName: `${team.name} ${ROLE_NAMES[role]}`,
      role,
      teamIds: [team.teamId],
      password: `demo-${team.teamId}-${role}`,
    })),
  ),
];

/** Adds the demo teams (owning the demo surveys) and staff accounts when the database has no staff yet. */
export async function seedDemoStaff(deps: StaffDeps, surveys: Store<SurveyRepository>): Promise<boolean> {
  if ((await deps.store.read.staff.list()).length > 0) return false;
  await deps.store.transaction(async ({ staff }) => {
    const known = new Set((await staff.teams()).map((team) => team.teamId));
    for (const team of DEMO_TEAMS) if (!known.has(team.teamId)) await staff.insertTeam(team, deps.now());
  });
  await surveys.transaction(async (repository) => {
    for (const team of DEMO_TEAMS) {
      for (const surveyId of team.surveyIds) {
        if ((await repository.find(surveyId)) === undefined) continue;
        await repository.setTeams(surveyId, [...new Set([...(await repository.teamsOf(surveyId)), team.teamId])]);
      }
    }
  });
  const seeder: Actor = { kind: 'system', job: 'demo-seed' };
  for (const account of DEMO_STAFF) await createStaffMember(deps, seeder, account);
  return true;
}
