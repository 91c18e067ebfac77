import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BirthdayInput, yearLabel } from './birthday-input.js';

function Birthday() {
  const [value, setValue] = useState<string>();
  return (
    <>
      <BirthdayInput item={{ itemKey: 'born', type: 'birthday', title: '生年月日', required: true }} value={value} onChange={setValue} thisYear={2026} />
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
}

describe('BirthdayInput', () => {
  it('labels each year in 西暦 and 和暦, both eras in a year that changed era', () => {
    expect(yearLabel(1990)).toBe('1990年（平成2年）');
    expect(yearLabel(2019)).toBe('2019年（平成31年／令和元年）');
    expect(yearLabel(1989)).toBe('1989年（昭和64年／平成元年）');
    expect(yearLabel(2026)).toBe('2026年（令和8年）');
  });

  it('shows the chosen date in 和暦 by the exact day the era changed', async () => {
    const user = userEvent.setup();
    render(<Birthday />);
    await user.selectOptions(screen.getByLabelText('生年月日の年'), '2019');
    await user.selectOptions(screen.getByLabelText('生年月日の月'), '4');
    // Half a date is sent as such, so validation asks for the rest.
    expect(screen.getByTestId('value').textContent).toBe('2019-04-');
    await user.selectOptions(screen.getByLabelText('生年月日の日'), '30');
    expect(screen.getByTestId('value').textContent).toBe('2019-04-30');
    expect(screen.getByText('2019年4月30日（平成31年4月30日）')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('生年月日の月'), '5');
    await user.selectOptions(screen.getByLabelText('生年月日の日'), '1');
    expect(screen.getByText('2019年5月1日（令和元年5月1日）')).toBeTruthy();
  });

  it('is chosen with the keyboard alone', async () => {
    const user = userEvent.setup();
    render(<Birthday />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('生年月日の年'));
    // Native selects: the phone's own picker opens on focus (jsdom does not simulate it).
    await user.selectOptions(screen.getByLabelText('生年月日の年'), '1975');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('生年月日の月'));
    await user.selectOptions(screen.getByLabelText('生年月日の月'), '8');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('生年月日の日'));
    await user.selectOptions(screen.getByLabelText('生年月日の日'), '15');
    expect(screen.getByText('1975年8月15日（昭和50年8月15日）')).toBeTruthy();
  });

  it('counts as left only when the focus leaves all three selects', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(
      <>
        <BirthdayInput item={{ itemKey: 'born', type: 'birthday', title: '生年月日' }} value={undefined} onChange={() => undefined} onBlur={onBlur} thisYear={2026} />
        <button type="button">次へ</button>
      </>,
    );
    await user.tab();
    await user.tab();
    await user.tab();
    expect(onBlur).not.toHaveBeenCalled();
    await user.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('shows a date given after it appeared (a record loaded late)', () => {
    const item = { itemKey: 'born', type: 'birthday', title: '生年月日' } as const;
    const { rerender } = render(<BirthdayInput item={item} value={undefined} onChange={() => undefined} thisYear={2026} />);
    rerender(<BirthdayInput item={item} value="1989-01-07" onChange={() => undefined} thisYear={2026} />);
    expect(screen.getByLabelText<HTMLSelectElement>('生年月日の年').value).toBe('1989');
    expect(screen.getByText('1989年1月7日（昭和64年1月7日）')).toBeTruthy();
  });

  it('offers only the days the month has, and clears a day the new month lacks', async () => {
    const user = userEvent.setup();
    render(<Birthday />);
    await user.selectOptions(screen.getByLabelText('生年月日の年'), '2023');
    await user.selectOptions(screen.getByLabelText('生年月日の月'), '1');
    await user.selectOptions(screen.getByLabelText('生年月日の日'), '31');
    await user.selectOptions(screen.getByLabelText('生年月日の月'), '2');
    expect(screen.getByTestId('value').textContent).toBe('2023-02-');
    expect(screen.queryByRole('option', { name: '29日' })).toBeNull();
    expect(screen.getByRole('option', { name: '28日' })).toBeTruthy();
  });

  it("lists the years up to this year in Japan, whatever the device's time zone says", () => {
    // 2026-12-31 16:30 UTC is already 1 January 2027 in Japan.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 11, 31, 16, 30) });
    try {
      render(<BirthdayInput item={{ itemKey: 'born', type: 'birthday', title: '生年月日' }} value={undefined} onChange={() => undefined} />);
      const years = screen.getByLabelText('生年月日の年').querySelectorAll('option');
      expect([...years].map((option) => option.value).filter((year) => year !== '')[0]).toBe('2027');
    } finally {
      vi.useRealTimers();
    }
  });
});
