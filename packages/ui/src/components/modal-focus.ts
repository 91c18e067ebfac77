import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';

/** What can take the focus inside a modal. */
export const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * The focus rules of a modal (Dialog, the member card's full screen) while `open`: the focus moves
 * to its first control and, wherever it wanders, comes back inside; Escape calls `onEscape`; when
 * it closes, the focus returns to where it was.
 */
export function useModalFocus(panel: RefObject<HTMLElement | null>, open: boolean, onEscape: () => void): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusFirst = () => panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    focusFirst();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') escape.current();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (panel.current !== null && event.target instanceof Node && !panel.current.contains(event.target)) focusFirst();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      previous?.focus();
    };
  }, [open, panel]);
}
