import type { FileRef } from '@city/survey-core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilesInput } from './files-input.js';

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
