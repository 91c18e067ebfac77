import { Button, Notice } from '@city/ui';
import { messages } from '../messages.js';
import { callErrorOf } from '../store/staff-api.js';

/** A call that failed: the server's message (Japanese), and a retry when given one. */
export function CallFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = callErrorOf(error)?.message ?? messages.unexpectedError;
  return (
    <Notice tone="error">
      <p>{message}</p>
      {onRetry === undefined ? null : (
        <Button variant="secondary" onClick={onRetry}>
          {messages.retry}
        </Button>
      )}
    </Notice>
  );
}
