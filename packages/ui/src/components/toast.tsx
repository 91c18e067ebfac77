import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';

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
