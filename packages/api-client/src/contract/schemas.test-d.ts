// The contract is described once in two forms: TypeScript types (built from @city/survey-core)
// for callers, JSON schemas for the server's validation. These checks fail the build the moment
// the two disagree, in either direction.
import type {
  CalendarCategory,
  CalendarCategoryTreeRoot,
  CalendarDisplaySettings,
  CalendarSlots,
  FileRef,
  Order,
  Product,
  SubmissionPayload,
  SurveyConfig,
  SurveyResultRow,
  SurveySchemaItem,
} from '@city/survey-core';
import type { Static, TSchema } from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import type { endpoints } from './endpoints.js';
import type {
  CalendarCategorySchema,
  CalendarCategoryTreeRootSchema,
  CalendarDisplaySettingsSchema,
  CalendarSlotsSchema,
  ErrorBodySchema,
  FileRefSchema,
  OrderSchema,
  ProductSchema,
  SubmissionPayloadSchema,
  SurveyConfigSchema,
  SurveyResultRowSchema,
  SurveySchemaItemSchema,
} from './schemas.js';
import type { Endpoints, ErrorBody } from './types.js';

type Part<Name extends keyof Endpoints, Key extends 'query' | 'body' | 'response'> =
  (typeof endpoints)[Name] extends Record<Key, infer Schema extends TSchema> ? Static<Schema> : never;

describe('entity schemas match @city/survey-core', () => {
  it('for configs and their items', () => {
    expectTypeOf<Static<typeof SurveySchemaItemSchema>>().toEqualTypeOf<SurveySchemaItem>();
    expectTypeOf<Static<typeof SurveyConfigSchema>>().toEqualTypeOf<SurveyConfig>();
    expectTypeOf<Static<typeof ProductSchema>>().toEqualTypeOf<Product>();
  });

  it('for results and submissions', () => {
    expectTypeOf<Static<typeof FileRefSchema>>().toEqualTypeOf<FileRef>();
    expectTypeOf<Static<typeof SurveyResultRowSchema>>().toEqualTypeOf<SurveyResultRow>();
    expectTypeOf<Static<typeof OrderSchema>>().toEqualTypeOf<Order>();
    expectTypeOf<Static<typeof SubmissionPayloadSchema>>().toEqualTypeOf<SubmissionPayload>();
  });

  it('for calendars and errors', () => {
    expectTypeOf<Static<typeof CalendarCategorySchema>>().toEqualTypeOf<CalendarCategory>();
    expectTypeOf<Static<typeof CalendarCategoryTreeRootSchema>>().toEqualTypeOf<CalendarCategoryTreeRoot>();
    expectTypeOf<Static<typeof CalendarDisplaySettingsSchema>>().toEqualTypeOf<CalendarDisplaySettings>();
    expectTypeOf<Static<typeof CalendarSlotsSchema>>().toEqualTypeOf<CalendarSlots>();
    expectTypeOf<Static<typeof ErrorBodySchema>>().toEqualTypeOf<ErrorBody>();
  });
});

describe('every endpoint schema matches its type', () => {
  it('query, body and response', () => {
    type Check = {
      [Name in keyof Endpoints]: [
        Part<Name, 'query'>,
        Part<Name, 'body'>,
        Part<Name, 'response'>,
      ];
    };
    type Expected = {
      [Name in keyof Endpoints]: [Endpoints[Name]['query'], Endpoints[Name]['body'], Endpoints[Name]['response']];
    };
    expectTypeOf<Check>().toEqualTypeOf<Expected>();
  });
});
