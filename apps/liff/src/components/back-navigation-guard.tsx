import { Button, Notice } from '@city/ui';
import { NavigationType, useBlocker } from 'react-router';
import { isBackBlockedTarget, isSurveyFormPath } from '../config/paths.js';
import { messages } from '../messages.js';

/**
 * Browser back (or forward) from the survey form to the survey confirmation list or the survey
 * confirm screen is blocked, with the spec's warning (section 2). The app's own buttons navigate
 * with PUSH or REPLACE and are not affected.
 */
export function BackNavigationGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      historyAction === NavigationType.Pop && isSurveyFormPath(currentLocation.pathname) && isBackBlockedTarget(nextLocation.pathname),
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <div className="app-back-blocked">
      <Notice tone="warning" title={messages.backBlockedTitle}>
        <p>{messages.backBlocked}</p>
        <Button
          variant="secondary"
          onClick={() => {
            blocker.reset();
          }}
        >
          {messages.close}
        </Button>
      </Notice>
    </div>
  );
}
