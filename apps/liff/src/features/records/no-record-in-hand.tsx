import { Notice, PageLayout } from '@city/ui';
import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { recordsMessages } from '../../records-messages.js';

/** A record screen opened with no record picked (a reload, a bookmark): say so and lead back. */
export function NoRecordInHand({ title }: { title: string }) {
  return (
    <PageLayout title={title}>
      <Notice>{recordsMessages.noSelectedRecord}</Notice>
      <Link to={paths.confirmSearchForm.to()}>{recordsMessages.searchTitle}</Link>
    </PageLayout>
  );
}
