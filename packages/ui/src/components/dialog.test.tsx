import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.js';
import { Dialog } from './dialog.js';

describe('Dialog', () => {
  function WithDialog({ onConfirm = () => undefined }: { onConfirm?: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => { setOpen(true); }}>予約を取り消す</Button>
        <Dialog open={open} title="予約を取り消しますか？" danger confirmLabel="取り消す" onConfirm={onConfirm} onCancel={() => { setOpen(false); }}>
          <p>取り消した予約は元に戻せません。</p>
        </Dialog>
      </>
    );
  }

  it('takes the focus, keeps it inside on Tab, closes on Escape and gives the focus back', async () => {
    const user = userEvent.setup();
    render(<WithDialog />);
    const opener = screen.getByRole('button', { name: '予約を取り消す' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: '予約を取り消しますか？' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'キャンセル' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '取り消す' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'キャンセル' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '取り消す' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('cancels on Escape and pulls the focus back even when it had wandered outside', async () => {
    const user = userEvent.setup();
    render(<WithDialog />);
    const opener = screen.getByRole('button', { name: '予約を取り消す' });
    await user.click(opener);
    opener.focus(); // a script, or a screen reader, moved the focus out
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'キャンセル' }));
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirms with Enter on the confirm button', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<WithDialog onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: '予約を取り消す' }));
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
