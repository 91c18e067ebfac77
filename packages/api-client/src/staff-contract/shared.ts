// What every part of the staff contract builds its endpoints from.
import { type TSchema, Type } from 'typebox';
import { closed } from '../contract/schemas.js';

export const STAFF_API_PREFIX = '/console/api';
export const Millis = Type.Integer({ minimum: 0 });
export const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const TimeText = Type.String({ pattern: '^\\d{2}:\\d{2}$' });
export const Ok = Type.Object({ result: Type.Literal('OK') }, closed);
export const Data = <Schema extends TSchema>(schema: Schema) => Type.Object({ data: schema }, closed);
