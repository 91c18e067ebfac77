import { Button, Loading, Notice } from '@city/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import type { StaffCallError } from '../../store/base-query.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import { useStaffCalendarAdminQuery } from './calendar-admin-api.js';
import { buildTree } from './category-tree.js';
import { CategoryTreeView } from './category-tree-view.js';
import { DoneMessage } from '../../components/done-message.js';
import { downloadExport } from './files.js';
import { LevelNamesForm } from './level-names-form.js';
import { Refusal } from '../../components/refusal.js';
import './calendars.css';

const text = messages.calendarAdmin;

/**
 * `/calendars`: calendar administration (`calendars.edit`): the category tree with its level names,
 * categories added, renamed and deleted, and each bookable category's calendar made or opened.
 */
export function CalendarAdminPage() {
  useDocumentTitle(text.title);
  const session = useAppSelector(selectSession);
  const allowed = mayTake(session, 'calendars.edit');
  const view = useStaffCalendarAdminQuery(undefined, { skip: !allowed, refetchOnMountOrArgChange: true });
  const [done, setDone] = useState('');
  const [exportError, setExportError] = useState<StaffCallError | undefined>(undefined);

  const exportCategories = async () => {
    setExportError(await downloadExport({ endpoint: 'staffExportCategories' }, 'categories.csv'));
  };

  return (
    <>
      <h1>{text.title}</h1>
      {allowed ? <p>{text.lead}</p> : <Notice tone="warning">{messages.forbidden}</Notice>}
      <DoneMessage message={done} />
      {view.error === undefined ? null : (
        <CallFailure
          error={view.error}
          onRetry={() => {
            void view.refetch();
          }}
        />
      )}
      {view.isLoading ? <Loading label={messages.loading} /> : null}
      {view.data === undefined ? null : (
        <>
          <section className="console-panel" aria-labelledby="calendars-tree-title">
            <h2 id="calendars-tree-title">{text.treeTitle}</h2>
            <p className="console-note">{text.treeLead}</p>
            <CategoryTreeView nodes={buildTree(view.data.categories)} labels={view.data.labels} onDone={setDone} />
          </section>
          {/* Keyed by the saved names: the form starts again from them after a save or a reload. */}
          <LevelNamesForm key={JSON.stringify(view.data.labels)} labels={view.data.labels} onSaved={setDone} />
          <section className="console-panel" aria-labelledby="calendars-files-title">
            <h2 id="calendars-files-title">{text.filesTitle}</h2>
            <p className="console-note">{text.filesLead}</p>
            <div className="console-actions">
              <Link to={paths.calendarFiles.to()}>{text.openFiles}</Link>
              <Button variant="secondary" onClick={() => void exportCategories()}>
                {text.exportCategories}
              </Button>
            </div>
            <Refusal error={exportError} />
          </section>
        </>
      )}
    </>
  );
}
