import { Notice, PageLayout } from '@city/ui';
import { Link } from 'react-router';
import { HOME_PATH } from '../config/paths.js';
import { messages } from '../messages.js';

/**
 * A screen opened with nothing to show (a bookmark, a reload, an address cut short): why, the way on
 * that fits (`primary`), and always the survey list (inside LINE there is no address bar to leave by).
 */
export function NothingToShow({ title, message, primary }: { title: string; message: string; primary?: { to: string; label: string } | undefined }) {
  return (
    <PageLayout title={title}>
      <Notice>{message}</Notice>
      <div className="app-actions">
        {primary === undefined ? null : (
          <Link className="city-button city-button--primary" to={primary.to}>
            {primary.label}
          </Link>
        )}
        <Link className="city-button city-button--secondary" to={HOME_PATH}>
          {messages.goHome}
        </Link>
      </div>
    </PageLayout>
  );
}
