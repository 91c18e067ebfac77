import { Button, Notice } from '@city/ui';
import { Link } from 'react-router';
import { HOME_PATH } from '../config/paths.js';
import { messages } from '../messages.js';

/**
 * A screen whose data could not be loaded: the reason, a way to try again, and a way out (inside
 * LINE there is no address bar to fall back on).
 */
export function LoadFailure({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <>
      {message === null ? null : <Notice tone="error">{message}</Notice>}
      <div className="app-actions">
        <Button variant="secondary" onClick={onRetry}>
          {messages.retry}
        </Button>
        <Link className="city-button city-button--primary" to={HOME_PATH}>
          {messages.goHome}
        </Link>
      </div>
    </>
  );
}
