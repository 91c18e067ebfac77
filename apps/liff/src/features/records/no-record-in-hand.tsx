import { Notice, PageLayout } from '@city/ui';
import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';

/** A record screen opened with no record picked (a reload, a bookmark): say so and lead back. */
export function NoRecordInHand({ title }: { title: string }) {
  return (
    <PageLayout title={title}>
      <Notice>{messages.noSelectedRecord}</Notice>
      <Link to={paths.confirmSearchForm.to()}>{messages.searchTitle}</Link>
    </PageLayout>
  );
}
