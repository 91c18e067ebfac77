import { describe, expect, it } from 'vitest';
import { buildPartitionKey, buildUserSearchKey, isCitizenPartitionKey, parsePartitionKey } from './keys.js';
import { buildSurveyResultRows } from './rows.js';
import type { SurveyConfig } from './types.js';

const updateMode: SurveyConfig = { surveyId: 'clinic', surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }] };
const appendMode: SurveyConfig = { ...updateMode, isAppending: { value: true } };

describe('parsePartitionKey', () => {
  it('reads back what buildPartitionKey and the row builder make', () => {
    expect(parsePartitionKey(buildPartitionKey('clinic', 'U1'))).toEqual({ surveyId: 'clinic', userId: 'U1' });
    expect(parsePartitionKey(buildPartitionKey('clinic', 'U1', 1_764_000_000_000))).toEqual({ surveyId: 'clinic', userId: 'U1', appendedAt: 1_764_000_000_000 });
    const [row] = buildSurveyResultRows({ config: appendMode, userId: 'U9', answers: { name: '山田' }, now: 42 });
    expect(parsePartitionKey(row!.partitionKey)).toEqual({ surveyId: 'clinic', userId: 'U9', appendedAt: 42 });
  });

  it('refuses anything that is not such a key', () => {
    for (const key of ['', 'clinic', 'clinic#', '#U1', 'clinic#U1#', 'clinic#U1#12a', 'clinic#U1#1#2', 'clinic#U1#12345678901234567', 'clinic##1']) {
      expect(parsePartitionKey(key), key).toBeUndefined();
    }
  });
});

describe('isCitizenPartitionKey', () => {
  it('takes exactly surveyId#userId in update mode', () => {
    expect(isCitizenPartitionKey('clinic#U1', updateMode, 'U1')).toBe(true);
    expect(isCitizenPartitionKey('clinic#U1#5', updateMode, 'U1')).toBe(false);
    expect(isCitizenPartitionKey('clinic#U2', updateMode, 'U1')).toBe(false);
    expect(isCitizenPartitionKey('other#U1', updateMode, 'U1')).toBe(false);
  });

  it('takes surveyId#userId#<ms> in append mode, and nothing else', () => {
    expect(isCitizenPartitionKey('clinic#U1#1764000000000', appendMode, 'U1')).toBe(true);
    expect(isCitizenPartitionKey('clinic#U1', appendMode, 'U1')).toBe(false);
    expect(isCitizenPartitionKey('clinic#U2#1764000000000', appendMode, 'U1')).toBe(false);
    expect(isCitizenPartitionKey('clinic#U1#x', appendMode, 'U1')).toBe(false);
  });
});

describe('buildUserSearchKey', () => {
  it('is the search key the row builder gives a text answer and a radio choice', () => {
    const config: SurveyConfig = {
      surveyId: 'clinic',
      surveySchema: [
        { itemKey: 'ticket', type: 'text', title: '受講券番号' },
        { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診'] },
      ],
    };
    const rows = buildSurveyResultRows({ config, userId: 'U1', answers: { ticket: '100001', visit: '再診' } });
    expect(rows.map((row) => row.userSearchKey)).toContain(buildUserSearchKey('ticket', '100001'));
    expect(rows.map((row) => row.userSearchKey)).toContain(buildUserSearchKey('visit', '再診'));
    expect(buildUserSearchKey('ticket', '100001')).toBe('ticket#100001');
  });
});
