import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberCardProps } from './member-card.js';
import { MemberCard } from './member-card.js';

// The demo paper card (DEMO_PAPER_CARD of @city/demo-data).
const props: MemberCardProps = { membershipName: '市立図書館 利用カード', memberNumber: 'LIB00000182', name: '佐藤 花子', issuedOn: '2019-04-01' };

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

/** A stand-in for the Screen Wake Lock API, which jsdom does not have. */
function stubWakeLock(request: () => Promise<{ release: () => Promise<void> }>) {
  const spy = vi.fn(request);
  Object.defineProperty(navigator, 'wakeLock', { value: { request: spy }, configurable: true });
  return spy;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
});

describe('MemberCard', () => {
  it('shows the membership, the name, the member number as text, the issue date in 西暦 and 和暦, and both codes labelled', () => {
    render(<MemberCard {...props} />);
    const card = screen.getByRole('region', { name: '市立図書館 利用カード' });
    expect(fact('氏名')).toBe('佐藤 花子');
    // Grouped for the eye (LIB 0000 0182) by margins, so the text is still exactly the number.
    expect(fact('会員番号')).toBe('LIB00000182');
    expect(Array.from(within(card).getByTestId('member-number').children, (group) => group.textContent)).toEqual(['LIB', '0000', '0182']);
    expect(fact('発行日')).toBe('2019年4月1日（平成31年4月1日）');
    expect(within(card).getByRole('img', { name: '会員番号 LIB00000182 のQRコード' })).toBeTruthy();
    expect(within(card).getByRole('img', { name: '会員番号 LIB00000182 のバーコード' })).toBeTruthy();
  });

  it('writes the first year of an era as 元年, and shows a date it cannot read as it came', () => {
    const { rerender } = render(<MemberCard {...props} issuedOn="2019-05-01" />);
    expect(fact('発行日')).toBe('2019年5月1日（令和元年5月1日）');
    rerender(<MemberCard {...props} issuedOn="2019-13-01" />);
    expect(fact('発行日')).toBe('2019-13-01');
  });

  it('draws black on pure white, with the white band (quiet zone) inside the code', () => {
    render(<MemberCard {...props} />);
    for (const name of ['会員番号 LIB00000182 のQRコード', '会員番号 LIB00000182 のバーコード']) {
      const svg = screen.getByRole('img', { name });
      const fills = new Set(Array.from(svg.children, (shape) => shape.getAttribute('fill')));
      expect(fills).toEqual(new Set(['#ffffff', '#000000']));
      // The first shape is the white background covering the whole viewBox.
      const [, , width, height] = (svg.getAttribute('viewBox') ?? '').split(' ');
      const background = svg.children[0];
      expect([background?.getAttribute('fill'), background?.getAttribute('width'), background?.getAttribute('height')]).toEqual(['#ffffff', width, height]);
    }
  });

  it('says so, and still shows the number, when the codes cannot carry it', () => {
    render(<MemberCard {...props} memberNumber="図書123" />);
    expect(screen.getByText('この会員番号はコードにできません。番号を窓口でお伝えください。')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(fact('会員番号')).toBe('図書123');
  });

  it('「全画面で表示」 opens the codes alone on white; focus moves to 「閉じる」 and stays; Escape closes and focus returns', async () => {
    const user = userEvent.setup();
    render(<MemberCard {...props} />);
    const open = screen.getByRole('button', { name: '全画面で表示' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: '市立図書館 利用カード' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const close = within(dialog).getByRole('button', { name: '閉じる' });
    expect(document.activeElement).toBe(close);
    expect(within(dialog).getByRole('img', { name: '会員番号 LIB00000182 のQRコード' })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: '会員番号 LIB00000182 のバーコード' })).toBeTruthy();
    expect(within(dialog).getByTestId('member-number').textContent).toBe('LIB00000182');
    expect(within(dialog).getByText('佐藤 花子')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('「閉じる」 closes the full-screen view', async () => {
    const user = userEvent.setup();
    render(<MemberCard {...props} />);
    await user.click(screen.getByRole('button', { name: '全画面で表示' }));
    await user.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the screen on while full screen, where the browser can, and lets it go on closing', async () => {
    const release = vi.fn(() => Promise.resolve());
    const request = stubWakeLock(() => Promise.resolve({ release }));
    const user = userEvent.setup();
    render(<MemberCard {...props} />);
    expect(request).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '全画面で表示' }));
    expect(request).toHaveBeenCalledWith('screen');
    await user.click(screen.getByRole('button', { name: '閉じる' }));
    await waitFor(() => {
      expect(release).toHaveBeenCalledTimes(1);
    });
  });

  it('shows the full-screen view as usual when the wake lock is refused', async () => {
    const request = stubWakeLock(() => Promise.reject(new DOMException('battery saver', 'NotAllowedError')));
    const user = userEvent.setup();
    render(<MemberCard {...props} />);
    await user.click(screen.getByRole('button', { name: '全画面で表示' }));
    expect(request).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: '市立図書館 利用カード' })).toBeTruthy();
  });
});
