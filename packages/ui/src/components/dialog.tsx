import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useRef } from 'react';
import { uiMessages } from '../messages.js';
import { Button } from './button.js';
import { FOCUSABLE, useModalFocus } from './modal-focus.js';

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


/**
 * A modal question with confirm and cancel. Focus moves in and stays in (Tab wraps), Escape
 * cancels, and focus returns to where it was when the dialog closes.
 */
export function Dialog({ open, title, children, confirmLabel = uiMessages.confirm, cancelLabel = uiMessages.cancel, danger = false, onConfirm, onCancel }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Focus moves in and stays in, Escape cancels, focus returns when it closes.
  useModalFocus(panel, open, onCancel);
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
