import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSubmissionPayload, buildSurveyResultRows } from './rows.js';
import type { AnswerValue, SurveyConfig, SurveySchemaItem } from './types.js';
import { ITEM_TYPES } from './types.js';

// Values mix Japanese, the key separator and blanks, the inputs most likely to break keys.
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('', ' ', '#', 'a#b', '山田', '発熱', '咳', '👨‍👩‍👧', '#末尾#'),
);
const itemKey = fc.stringMatching(/^[a-zA-Z0-9_]{1,8}$/);

const schemaItem = (key: string): fc.Arbitrary<SurveySchemaItem> =>
  fc.record({ type: fc.constantFrom(...ITEM_TYPES), options: fc.array(text, { maxLength: 4 }), title: text }).map(
    ({ type, options, title }): SurveySchemaItem => {
      switch (type) {
        case 'checkboxes':
        case 'radio':
        case 'dropdown':
          return { itemKey: key, type, title, options };
        case 'selectProducts':
          return { itemKey: key, type, title, products: options.map((name, i) => ({ productId: `p${i}`, name, unitPrice: 100 })) };
        default:
          return { itemKey: key, type, title };
      }
    },
  );

const answer: fc.Arbitrary<AnswerValue> = fc.oneof(
  text,
  fc.array(text, { maxLength: 5 }),
  fc.array(fc.record({ name: text, url: fc.constant('https://files.example/x') }, { noNullPrototype: true }), { maxLength: 3 }),
);

const submission = fc
  .uniqueArray(itemKey, { maxLength: 6 })
  .chain((keys) =>
    fc.record({
      schema: fc.tuple(...keys.map(schemaItem)),
      // Answers to the schema's items and to keys it does not have.
      answers: fc.dictionary(fc.oneof(fc.constantFrom(...keys, 'unknown'), itemKey), answer, { maxKeys: 8, noNullPrototype: true }),
      userId: fc.stringMatching(/^U[0-9a-f]{4}$/),
      isAppending: fc.boolean(),
      now: fc.integer({ min: 0, max: 4_102_444_800_000 }),
    }),
  )
  .map(({ schema, answers, userId, isAppending, now }) => ({
    config: { surveyId: 'survey', surveySchema: schema, isAppending: { value: isAppending } } satisfies SurveyConfig,
    answers,
    userId,
    now,
  }));

describe('buildSurveyResultRows invariants', () => {
  it('gives every row of a record a unique sortKey', () => {
    fc.assert(
      fc.property(submission, (input) => {
        const sortKeys = buildSurveyResultRows(input).map((row) => row.sortKey);
        expect(new Set(sortKeys).size).toBe(sortKeys.length);
      }),
    );
  });

  it('gives every row of a record one partitionKey, built from survey, user and (in append mode) now', () => {
    fc.assert(
      fc.property(submission, (input) => {
        const keys = new Set(buildSurveyResultRows(input).map((row) => row.partitionKey));
        const expected = input.config.isAppending.value ? `survey#${input.userId}#${input.now}` : `survey#${input.userId}`;
        expect([...keys]).toEqual([expected]);
      }),
    );
  });

  it('makes no row for an itemKey the schema does not have, nor for products and guides', () => {
    fc.assert(
      fc.property(submission, (input) => {
        const schema = input.config.surveySchema;
        const rowKinds = new Map(schema.map((item) => [item.itemKey, item.type]));
        for (const row of buildSurveyResultRows(input)) {
          if (schema.length === 0) {
            expect(row.itemKey).toBe('');
            continue;
          }
          expect(rowKinds.has(row.itemKey)).toBe(true);
          const kind = rowKinds.get(row.itemKey);
          // A product or guide item can only appear as the empty first row of an otherwise empty record.
          if (kind === 'selectProducts' || kind === 'guide') expect(row.value).toBe('');
        }
      }),
    );
  });

  it('always yields at least one row, the first keyed by its bare itemKey and the rest by itemKey#…', () => {
    fc.assert(
      fc.property(submission, (input) => {
        const [first, ...rest] = buildSurveyResultRows(input);
        expect(first?.sortKey).toBe(first?.itemKey);
        for (const row of rest) expect(row.sortKey.startsWith(`${row.itemKey}#`)).toBe(true);
      }),
    );
  });

  it('is deterministic for a fixed now', () => {
    fc.assert(
      fc.property(submission, (input) => {
        expect(buildSubmissionPayload(input)).toStrictEqual(buildSubmissionPayload(structuredClone(input)));
      }),
    );
  });
});
