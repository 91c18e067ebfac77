import { describe, expectTypeOf, it } from 'vitest';
import type {
  AnswerValue,
  CheckStatus,
  FileRef,
  SubmissionPayload,
  SurveyResultGroup,
  SurveyResultRow,
  SurveySchemaItem,
} from './index.js';
import { buildSubmissionPayload, buildSurveyResultRows, groupSurveyResults, validateAnswers } from './index.js';

describe('the public API types', () => {
  it('has the documented signatures', () => {
    expectTypeOf(buildSurveyResultRows).returns.toEqualTypeOf<SurveyResultRow[]>();
    expectTypeOf(buildSubmissionPayload).returns.toEqualTypeOf<SubmissionPayload>();
    expectTypeOf(groupSurveyResults).returns.toEqualTypeOf<SurveyResultGroup[]>();
    expectTypeOf(validateAnswers).returns.toEqualTypeOf<Record<string, string>>();
    expectTypeOf<AnswerValue>().toEqualTypeOf<string | string[] | FileRef[]>();
  });

  it('takes the documented inputs', () => {
    type RowsInput = Parameters<typeof buildSurveyResultRows>[0];
    expectTypeOf<RowsInput['now']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RowsInput['isLiffMode']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<RowsInput['updateExist']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<RowsInput['answers']>().toEqualTypeOf<Readonly<Record<string, AnswerValue>>>();
    type PayloadInput = Parameters<typeof buildSubmissionPayload>[0];
    expectTypeOf<PayloadInput>().toExtend<RowsInput>();
    expectTypeOf<PayloadInput['oldPartitionKey']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PayloadInput['subData']>().toEqualTypeOf<unknown>();
    expectTypeOf(groupSurveyResults).parameter(1).toEqualTypeOf<readonly SurveySchemaItem[]>();
    expectTypeOf(validateAnswers).parameter(0).toEqualTypeOf<readonly SurveySchemaItem[]>();
  });

  it('knows exactly the six check statuses', () => {
    expectTypeOf<CheckStatus>().toEqualTypeOf<'未対応' | '処理中' | '処理済み' | '完了' | 'キャンセル' | '取り消し'>();
  });

  it('requires options on choice items and products on selectProducts items', () => {
    expectTypeOf({ itemKey: 'a', type: 'radio', title: 't', options: ['x'] } as const).toExtend<SurveySchemaItem>();
    expectTypeOf({ itemKey: 'a', type: 'radio', title: 't' } as const).not.toExtend<SurveySchemaItem>();
    expectTypeOf({ itemKey: 'a', type: 'selectProducts', title: 't' } as const).not.toExtend<SurveySchemaItem>();
    expectTypeOf({ itemKey: 'a', type: 'text', title: 't', format: 'fax' } as const).not.toExtend<SurveySchemaItem>();
  });

  it('lets files exist only where the spec puts them', () => {
    expectTypeOf<SurveyResultRow['files']>().toEqualTypeOf<FileRef[] | undefined>();
  });
});
