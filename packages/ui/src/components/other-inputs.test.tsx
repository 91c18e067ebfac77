import type { FileRef } from '@city/survey-core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilesInput, GuideContent, ProductSelection, ReservationButton } from './other-inputs.js';

describe('GuideContent', () => {
  it('shows text as text, never as HTML, and links only https addresses', () => {
    render(
      <GuideContent
        item={{
          itemKey: 'g',
          type: 'guide',
          title: 'ご案内',
          description: '詳しくは https://city.example.jp/info をご覧ください。\n<script>alert(1)</script>\n\njavascript:alert(1) は開きません。',
        }}
      />,
    );
    const link = screen.getByRole('link', { name: 'https://city.example.jp/info' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
  });

  it('ends a link where the address ends, before Japanese text and punctuation', () => {
    render(<GuideContent item={{ itemKey: 'g', type: 'guide', title: 'ご案内', description: '申込は（https://city.example.jp/apply）。またはhttps://city.example.jp/faq。をご覧ください' }} />);
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['https://city.example.jp/apply', 'https://city.example.jp/faq']);
  });
});

describe('ReservationButton', () => {
  it('offers to choose a slot, then shows the chosen one and offers to change it', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    const item = { itemKey: 'slot', type: 'reservation', title: '予約枠' } as const;
    const { rerender } = render(<ReservationButton item={item} value={undefined} onChoose={onChoose} />);
    await user.click(screen.getByRole('button', { name: '予約枠を選ぶ' }));
    expect(onChoose).toHaveBeenCalledTimes(1);
    rerender(<ReservationButton item={item} value="c1|20261201|s3" slotLabel="12月1日（火）10:00〜10:30" onChoose={onChoose} />);
    expect(screen.getByText('選択中の予約枠: 12月1日（火）10:00〜10:30')).toBeTruthy();
    expect(screen.getByRole('button', { name: '予約枠を変更する' })).toBeTruthy();
    screen.getByRole('button', { name: '予約枠を変更する' }).focus();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledTimes(2);
  });
});

describe('FilesInput', () => {
  function Files({ upload, previewUrl }: { upload: (files: File[]) => Promise<FileRef[]>; previewUrl?: (file: FileRef) => string | undefined }) {
    const [value, setValue] = useState<FileRef[]>();
    return (
      <FilesInput
        item={{ itemKey: 'docs', type: 'files', title: '書類' }}
        value={value}
        onChange={setValue}
        upload={upload}
        limits={{ maxBytes: 1024 * 1024, maxFiles: 2 }}
        {...(previewUrl === undefined ? {} : { previewUrl })}
      />
    );
  }
  const upload = vi.fn((files: File[]) => Promise.resolve(files.map((file) => ({ name: file.name, url: `https://files.example/${file.name}`, contentType: file.type, size: file.size }))));

  it('uploads accepted files, lists them, and removes one on request', async () => {
    const user = userEvent.setup();
    render(<Files upload={upload} />);
    await user.upload(screen.getByLabelText(/ファイルを選ぶ/), new File(['x'], '保険証.png', { type: 'image/png' }));
    expect(await screen.findByText('保険証.png')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '「保険証.png」を削除' }));
    expect(screen.queryByText('保険証.png')).toBeNull();
  });

  it('shows image thumbnails from the file url, or from where the app says, or none', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Files upload={upload} />);
    await user.upload(screen.getByLabelText(/ファイルを選ぶ/), new File(['x'], 'a.png', { type: 'image/png' }));
    await screen.findByText('a.png');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('https://files.example/a.png');
    unmount();

    const { unmount: unmountLocal } = render(<Files upload={upload} previewUrl={(file) => `blob:local/${file.name}`} />);
    await user.upload(screen.getByLabelText(/ファイルを選ぶ/), new File(['x'], 'b.png', { type: 'image/png' }));
    await screen.findByText('b.png');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('blob:local/b.png');
    unmountLocal();

    render(<Files upload={upload} previewUrl={() => undefined} />);
    await user.upload(screen.getByLabelText(/ファイルを選ぶ/), new File(['x'], 'c.png', { type: 'image/png' }));
    await screen.findByText('c.png');
    expect(document.querySelector('img')).toBeNull();
  });

  it('refuses a file that is too large or of the wrong type with a message, before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    upload.mockClear();
    render(<Files upload={upload} />);
    await user.upload(screen.getByLabelText(/ファイルを選ぶ/), new File([new Uint8Array(2 * 1024 * 1024)], '大きな写真.jpg', { type: 'image/jpeg' }));
    expect(screen.getByText('「大きな写真.jpg」は大きすぎます（1MBまで）。')).toBeTruthy();
    await user.upload(screen.getByLabelText(/ファイルを選ぶ/), new File(['x'], 'tool.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByText('「tool.exe」は選べない種類のファイルです。')).toBeTruthy();
    const three = ['a', 'b', 'c'].map((name) => new File(['x'], `${name}.pdf`, { type: 'application/pdf' }));
    await user.upload(screen.getByLabelText(/ファイルを選ぶ/), three);
    expect(screen.getByText('2ファイルまで選べます。')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });
});

describe('ProductSelection', () => {
  it('updates quantities and the 税込 total as the citizen taps the steppers', async () => {
    const user = userEvent.setup();
    function Products() {
      const [value, setValue] = useState<string[]>();
      return (
        <>
          <ProductSelection
            item={{ itemKey: 'bags', type: 'selectProducts', title: '指定ごみ袋', products: [{ productId: 'l', name: 'ごみ袋（大）', unitPrice: 500 }, { productId: 's', name: 'ごみ袋（小）', unitPrice: 300 }] }}
            value={value}
            onChange={setValue}
          />
          <output data-testid="value">{JSON.stringify(value ?? [])}</output>
        </>
      );
    }
    render(<Products />);
    expect(screen.getByText('合計 ¥0（税込）')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'ごみ袋（大）を1つ増やす' }));
    await user.click(screen.getByRole('button', { name: 'ごみ袋（大）を1つ増やす' }));
    await user.click(screen.getByRole('button', { name: 'ごみ袋（小）を1つ増やす' }));
    expect(screen.getByText('合計 ¥1,300（税込）')).toBeTruthy();
    expect(screen.getByText('単価 ¥500（税込）')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('value').textContent)).toEqual(['l', 'l', 's']);
    await user.click(screen.getByRole('button', { name: 'ごみ袋（大）を1つ減らす' }));
    expect(screen.getByText('合計 ¥800（税込）')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'ごみ袋（小）を1つ減らす' }).disabled).toBe(false);
  });

  it('works from the keyboard: Tab to a stepper, Enter or Space to change the quantity', async () => {
    const user = userEvent.setup();
    function Products() {
      const [value, setValue] = useState<string[]>();
      return <ProductSelection item={{ itemKey: 'bags', type: 'selectProducts', title: '指定ごみ袋', products: [{ productId: 'l', name: 'ごみ袋（大）', unitPrice: 500 }] }} value={value} onChange={setValue} />;
    }
    render(<Products />);
    await user.tab();
    const minus = screen.getByRole('button', { name: 'ごみ袋（大）を1つ減らす' });
    expect(document.activeElement).toBe(minus);
    expect(minus.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}'); // nothing to take away at 0
    await user.tab();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(screen.getByText('合計 ¥1,000（税込）')).toBeTruthy();
    expect(screen.getByLabelText('ごみ袋（大）の数量').textContent).toBe('2');
    // Back to 0 with the keyboard: the minus button keeps the focus as it becomes unavailable.
    await user.tab({ shift: true });
    await user.keyboard('{Enter}{Enter}');
    expect(document.activeElement).toBe(minus);
    expect(screen.getByText('合計 ¥0（税込）')).toBeTruthy();
  });
});
