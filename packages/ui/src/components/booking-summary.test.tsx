import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookingSummary } from './booking-summary.js';

describe('BookingSummary', () => {
  it('shows what, when (date with weekday and time) and where, as terms and definitions', () => {
    render(<BookingSummary title="特定健診" date="2026-12-01" start="10:00" end="11:00" place="中央保健センター" />);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent);
    expect(terms).toEqual(['予約内容', '日時', '場所']);
    expect(definitions).toEqual(['特定健診', '12月1日（火）10:00〜11:00', '中央保健センター']);
  });

  it('leaves the title row out when there is no title', () => {
    render(<BookingSummary date="2027-01-04" start="09:00" end="10:00" place="北部公民館" />);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['日時', '場所']);
    expect(screen.getByText('1月4日（月）09:00〜10:00')).toBeTruthy();
  });
});
