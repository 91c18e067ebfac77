import type { ButtonHTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { uiMessages } from '../messages.js';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary: the brand green, for the one main action; danger: for cancelling and deleting. */
  variant?: 'primary' | 'secondary' | 'danger';
}

export function Button({ variant = 'primary', type = 'button', className, ...rest }: ButtonProps) {
  return <button {...rest} type={type} className={[`city-button city-button--${variant}`, className].filter(Boolean).join(' ')} />;
}

export interface NoticeProps {
  /** info: neutral; warning: the yellow notice (session expiry); error: something failed. */
  tone?: 'info' | 'warning' | 'error';
  title?: string;
  children?: ReactNode;
  /** Seconds left before something happens (the session notice's countdown). */
  countdownSeconds?: number;
}

/** A message in the page. Warnings and errors are announced to screen readers at once. */
export function Notice({ tone = 'info', title, children, countdownSeconds }: NoticeProps) {
  return (
    <div className={`city-notice city-notice--${tone}`}>
      <div role={tone === 'info' ? 'status' : 'alert'}>
        {title === undefined ? null : <p className="city-notice__title">{title}</p>}
        {children}
      </div>
      {/* Outside the live region: a countdown read out every second would drown everything. */}
      {countdownSeconds === undefined ? null : <p className="city-notice__countdown">{uiMessages.sessionCountdown(countdownSeconds)}</p>}
    </div>
  );
}

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

/** The loading indicator: a spinner, read out as 読み込み中です. */
export function Loading({ label = uiMessages.loading }: { label?: string }) {
  return (
    <div className="city-loading" role="status">
      <span className="city-loading__spinner" aria-hidden="true" />
      <span className="city-visually-hidden">{label}</span>
    </div>
  );
}

/** How long a toast stays, by default (spec section 9: notifications 5000 ms). */
export const DEFAULT_TOAST_TIMEOUT_MS = 5000;

interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
}

type ShowToast = (message: string, options?: { tone?: 'info' | 'error'; timeoutMs?: number }) => void;
const ToastContext = createContext<ShowToast | null>(null);

/** Holds the toasts of the app; `useToast()` inside it shows one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);
  const show = useCallback<ShowToast>((message, options = {}) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, message, tone: options.tone ?? 'info' }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, options.timeoutMs ?? DEFAULT_TOAST_TIMEOUT_MS);
    timers.current.add(timer);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="city-toasts">
        <div role="status">
          {toasts.filter((toast) => toast.tone === 'info').map((toast) => (
            <p key={toast.id} className="city-toast city-toast--info">
              {toast.message}
            </p>
          ))}
        </div>
        <div role="alert">
          {toasts.filter((toast) => toast.tone === 'error').map((toast) => (
            <p key={toast.id} className="city-toast city-toast--error">
              {toast.message}
            </p>
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a short notification; it leaves by itself after 5000 ms unless told otherwise. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (show === null) throw new Error('useToast() needs a <ToastProvider> around it');
  return show;
}

/** A page: a header with its title, and content at least as tall as the screen. */
export function PageLayout({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="city-root city-page">
      <header className="city-page__header">
        <h1 className="city-page__title">{title}</h1>
        {actions}
      </header>
      <main className="city-page__content">{children}</main>
    </div>
  );
}
