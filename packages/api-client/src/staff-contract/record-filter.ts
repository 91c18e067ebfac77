// Which records a staff member means: the results list's filter, also what a bulk change and a
// notice to citizens act on.
import { CHECK_STATUSES } from '@city/survey-core';
import { Type } from 'typebox';
import { closed, Key } from '../contract/schemas.js';
import { DateText, Millis } from './shared.js';

/** Where a record came from: the citizen app in LINE or a browser, staff (by phone), or a file. */
export const RECORD_ORIGINS = ['line', 'web', 'staff', 'import'] as const;

const Status = Type.Enum(CHECK_STATUSES);
const Origin = Type.Enum(RECORD_ORIGINS);

/** Which records: every condition must hold (AND). Times are ms since the epoch; dates Japan time. */
export const RecordFilterSchema = Type.Object(
  {
    items: Type.Optional(
      Type.Array(
        Type.Object(
          {
            itemKey: Key,
            value: Type.String({ minLength: 1, maxLength: 200 }),
            /** `partial` (the default for text): the answer contains the value. */
            match: Type.Optional(Type.Union([Type.Literal('exact'), Type.Literal('partial')])),
          },
          closed,
        ),
        { maxItems: 20 },
      ),
    ),
    createdFrom: Type.Optional(Millis),
    createdTo: Type.Optional(Millis),
    updatedFrom: Type.Optional(Millis),
    updatedTo: Type.Optional(Millis),
    slotDateFrom: Type.Optional(DateText),
    slotDateTo: Type.Optional(DateText),
    statuses: Type.Optional(Type.Array(Status, { maxItems: CHECK_STATUSES.length })),
    origins: Type.Optional(Type.Array(Origin, { maxItems: RECORD_ORIGINS.length })),
  },
  closed,
);

