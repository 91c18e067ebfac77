import { PageLayout } from '@city/ui';
import { Link } from 'react-router';
import { HOME_PATH } from '../../config/paths.js';
import { messages } from '../../messages.js';

/** Any path the app does not know (spec section 2). */
export function NotFoundPage() {
  return (
    <PageLayout title={messages.notFoundTitle}>
      <p>{messages.notFound}</p>
      <p>
        <Link to={HOME_PATH}>{messages.goHome}</Link>
      </p>
    </PageLayout>
  );
}
