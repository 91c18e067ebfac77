import type { ReactNode } from 'react';
import { uiMessages } from '../messages.js';

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
