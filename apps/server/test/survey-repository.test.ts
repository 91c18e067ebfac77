// Surveys on either engine, through the configuration cache: a change is seen at once by the
// process that made it, never when it was rolled back, and by another process within the bound.
import { CITIZEN_QUESTIONNAIRE, EVENT_APPLICATION } from '@city/demo-data';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPostgresStaffRepository } from '../src/modules/staff/postgres-staff-repository.js';
import { createSqliteStaffRepository } from '../src/modules/staff/sqlite-staff-repository.js';
import { createPostgresSurveyRepository } from '../src/modules/surveys/postgres-survey-repository.js';
import { createSqliteSurveyRepository } from '../src/modules/surveys/sqlite-survey-repository.js';
import { ENGINES, useTestDatabase } from './engines.js';

const surveyRepositories = { sqlite: createSqliteSurveyRepository, postgres: createPostgresSurveyRepository };
const questionnaire = { config: CITIZEN_QUESTIONNAIRE, lookupItemKeys: [], searchable: true };
const retitled = (title: string) => ({ ...questionnaire, config: { ...CITIZEN_QUESTIONNAIRE, surveyTitle: title } });

describe.each(ENGINES)('surveys on %s', (engine) => {
  const each = useTestDatabase(engine, surveyRepositories);
  beforeEach(async () => {
    await each.store.transaction(async (surveys) => {
      await surveys.save(questionnaire, 'system:test', 1000);
      await surveys.save({ config: EVENT_APPLICATION, lookupItemKeys: ['ticket'], searchable: false, state: 'draft' }, 'system:test', 1000);
    });
  });

  it('stores versions, states and the searchable list', async () => {
    expect(await each.store.read.find(CITIZEN_QUESTIONNAIRE.surveyId)).toEqual({ ...questionnaire, version: 1, state: 'published' });
    expect((await each.store.read.listSearchable()).map((s) => s.config.surveyId)).toEqual([CITIZEN_QUESTIONNAIRE.surveyId]);
    expect((await each.store.read.listAll()).map((s) => s.config.surveyId)).toEqual([CITIZEN_QUESTIONNAIRE.surveyId, EVENT_APPLICATION.surveyId].sort());
    await each.store.transaction((surveys) => surveys.save({ ...retitled('第2版'), version: 2 }, 'staff:s1', 2000));
    expect((await each.store.read.configOfVersion(CITIZEN_QUESTIONNAIRE.surveyId, 1))?.surveyTitle).toBe(CITIZEN_QUESTIONNAIRE.surveyTitle);
    expect((await each.store.read.configOfVersion(CITIZEN_QUESTIONNAIRE.surveyId, 2))?.surveyTitle).toBe('第2版');
    expect(await each.store.read.versions(CITIZEN_QUESTIONNAIRE.surveyId)).toEqual([
      { version: 1, createdAt: 1000, createdBy: 'system:test', records: 0 },
      { version: 2, createdAt: 2000, createdBy: 'staff:s1', records: 0 },
    ]);
    await each.store.transaction((surveys) => surveys.setState(CITIZEN_QUESTIONNAIRE.surveyId, 'draft', 3000));
    expect(await each.store.read.listSearchable()).toEqual([]);
    await each.store.transaction((surveys) => surveys.delete(EVENT_APPLICATION.surveyId));
    expect(await each.store.read.find(EVENT_APPLICATION.surveyId)).toBeUndefined();
    expect(await each.store.read.isEmpty()).toBe(false);
  });

  it('serves a change at once to the process that made it, and never one rolled back', async () => {
    expect((await each.store.read.find(CITIZEN_QUESTIONNAIRE.surveyId))?.config.surveyTitle).toBe(CITIZEN_QUESTIONNAIRE.surveyTitle);
    await expect(
      each.store.transaction(async (surveys) => {
        await surveys.save(retitled('取り消される題名'));
        // Read inside its own transaction: the change is seen there, and must not be kept.
        expect((await surveys.find(CITIZEN_QUESTIONNAIRE.surveyId))?.config.surveyTitle).toBe('取り消される題名');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await each.store.read.find(CITIZEN_QUESTIONNAIRE.surveyId))?.config.surveyTitle).toBe(CITIZEN_QUESTIONNAIRE.surveyTitle);
    await each.store.transaction((surveys) => surveys.save(retitled('新しい題名')));
    expect((await each.store.read.find(CITIZEN_QUESTIONNAIRE.surveyId))?.config.surveyTitle).toBe('新しい題名');
  });

  it("sees another process's change within the cache's bound", async () => {
    expect((await each.store.read.find(CITIZEN_QUESTIONNAIRE.surveyId))?.config.surveyTitle).toBe(CITIZEN_QUESTIONNAIRE.surveyTitle);
    await each.database.execute('UPDATE survey_configs SET config_json = ? WHERE survey_id = ?', [JSON.stringify({ ...CITIZEN_QUESTIONNAIRE, surveyTitle: '別のプロセスの題名' }), CITIZEN_QUESTIONNAIRE.surveyId]);
    await vi.waitFor(async () => { expect((await each.store.read.find(CITIZEN_QUESTIONNAIRE.surveyId))?.config.surveyTitle).toBe('別のプロセスの題名'); }, { timeout: 15_000, interval: 50 });
  });

  it('keeps the teams that own a survey, and the columns a staff member chose', async () => {
    const staff = each.database.store({ sqlite: createSqliteStaffRepository, postgres: createPostgresStaffRepository });
    await staff.transaction(async (members) => {
      await members.insertTeam({ teamId: 'kenko', name: '健康推進課' }, 1);
      await members.insertTeam({ teamId: 'bunka', name: '文化振興課' }, 1);
      await members.insert({ staffId: 's1', loginId: 'yamada', displayName: '山田', role: 'member', passwordHash: 'x', totpSecret: null, teamIds: ['kenko'] }, 1);
    });
    await each.store.transaction((surveys) => surveys.setTeams(CITIZEN_QUESTIONNAIRE.surveyId, ['kenko', 'bunka', 'kenko']));
    expect(await each.store.read.teamsOf(CITIZEN_QUESTIONNAIRE.surveyId)).toEqual(['bunka', 'kenko']);
    expect((await each.store.read.ofTeams(['kenko'])).map((s) => s.config.surveyId)).toEqual([CITIZEN_QUESTIONNAIRE.surveyId]);
    expect(await each.store.read.ofTeams([])).toEqual([]);
    expect(await each.store.read.columnChoice('s1', CITIZEN_QUESTIONNAIRE.surveyId)).toBeUndefined();
    await each.store.transaction((surveys) => surveys.saveColumnChoice('s1', CITIZEN_QUESTIONNAIRE.surveyId, ['name', 'age'], 5));
    await each.store.transaction((surveys) => surveys.saveColumnChoice('s1', CITIZEN_QUESTIONNAIRE.surveyId, ['age'], 6));
    expect(await each.store.read.columnChoice('s1', CITIZEN_QUESTIONNAIRE.surveyId)).toEqual(['age']);
  });
});
