import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.js';
import { ToastProvider, useToast } from './toast.js';

describe('Toast', () => {
  it('shows a notification and removes it after 5000 ms', () => {
    vi.useFakeTimers();
    try {
      function Saver() {
        const toast = useToast();
        return <Button onClick={() => { toast('保存しました'); }}>保存</Button>;
      }
      render(<ToastProvider><Saver /></ToastProvider>);
      act(() => {
        screen.getByRole('button', { name: '保存' }).click();
      });
      expect(screen.getByText('保存しました')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(4999);
      });
      expect(screen.getByText('保存しました')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.queryByText('保存しました')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
