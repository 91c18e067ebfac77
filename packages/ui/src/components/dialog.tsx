import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { uiMessages } from '../messages.js';
import { Button } from './button.js';

export interface DialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A confirm that deletes or cancels something shows in the danger colour. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A modal question with confirm and cancel. Focus moves in and stays in (Tab wraps), Escape
 * cancels, and focus returns to where it was when the dialog closes.
 */
export function Dialog({ open, title, children, confirmLabel = uiMessages.confirm, cancelLabel = uiMessages.cancel, danger = false, onConfirm, onCancel }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // Wherever the focus is, Escape cancels, and focus that wanders outside comes back.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') cancel.current();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (panel.current !== null && event.target instanceof Node && !panel.current.contains(event.target)) {
        panel.current.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      previous?.focus();
    };
  }, [open]);
  if (!open) return null;

  const keepFocusInside = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const focusable = Array.from(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (first === undefined || last === undefined) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="city-dialog__backdrop">
      <div ref={panel} className="city-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={keepFocusInside}>
        <h2 id={titleId} className="city-dialog__title">
          {title}
        </h2>
        {children}
        <div className="city-dialog__actions">
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
