import { describe, expect, it } from 'vitest';
import { emptyFilterForm, toRecordFilter } from './record-filter.js';

const itemTypes = { name: 'text', area: 'dropdown', services: 'checkboxes', note: 'textarea' };

describe('toRecordFilter', () => {
  it('sends nothing for an empty form: every record matches', () => {
    expect(toRecordFilter(emptyFilterForm, itemTypes)).toEqual({ filter: {} });
  });

  it('matches text partially and choices exactly, trimmed, leaving blank and unknown items out', () => {
    const outcome = toRecordFilter({ ...emptyFilterForm, items: { name: ' 山田 ', area: '東区', note: '   ', gone: 'x' } }, itemTypes);
    expect(outcome).toEqual({
      filter: {
        items: [
          { itemKey: 'name', value: '山田', match: 'partial' },
          { itemKey: 'area', value: '東区', match: 'exact' },
        ],
      },
    });
  });

  it('reads date-times as Japan time and takes in the whole last minute', () => {
    const outcome = toRecordFilter({ ...emptyFilterForm, createdFrom: '2025-04-01T09:00', createdTo: '2025-04-01T09:30' }, itemTypes);
    expect(outcome).toEqual({ filter: { createdFrom: Date.parse('2025-04-01T00:00:00Z'), createdTo: Date.parse('2025-04-01T00:30:59.999Z') } });
  });

  it('keeps either end of a range alone', () => {
    expect(toRecordFilter({ ...emptyFilterForm, updatedTo: '2025-04-01T00:00' }, itemTypes)).toEqual({ filter: { updatedTo: Date.parse('2025-03-31T15:00:59.999Z') } });
    expect(toRecordFilter({ ...emptyFilterForm, slotDateFrom: '2025-05-01' }, itemTypes)).toEqual({ filter: { slotDateFrom: '2025-05-01' } });
  });

  it('refuses a range that ends before it starts, naming the range', () => {
    const outcome = toRecordFilter(
      { ...emptyFilterForm, createdFrom: '2025-04-02T00:00', createdTo: '2025-04-01T00:00', slotDateFrom: '2025-05-02', slotDateTo: '2025-05-01' },
      itemTypes,
    );
    expect(outcome).toEqual({ problems: { created: expect.any(String) as string, slotDate: expect.any(String) as string } });
  });

  it('sends the statuses and origins chosen', () => {
    const outcome = toRecordFilter({ ...emptyFilterForm, statuses: ['未対応', 'キャンセル'], origins: ['staff'] }, itemTypes);
    expect(outcome).toEqual({ filter: { statuses: ['未対応', 'キャンセル'], origins: ['staff'] } });
  });
});
