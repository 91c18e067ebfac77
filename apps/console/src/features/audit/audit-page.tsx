import { Button, Loading, Notice } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { AuditTable } from '../../components/audit-table.js';
import { CallFailure } from '../../components/call-failure.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import type { StaffMember } from '../../store/staff-api.js';
import { useStaffAuditQuery, useStaffMembersQuery } from '../../store/staff-api.js';

const PAGE_SIZE = 100;

interface AuditSearch {
  /** A staff member picked by name ('' for none): the actor `staff:<staffId>`. */
  staffId: string;
  /** Any other actor typed as the log spells it (`login:<id>`, `system:<job>`). */
  actor: string;
  action: string;
  target: string;
}

const emptySearch: AuditSearch = { staffId: '', actor: '', action: '', target: '' };

/** The search as the query sends it: blank fields are no condition. */
function queryOf(search: AuditSearch, before: number | undefined) {
  const actor = search.staffId === '' ? search.actor.trim() : `staff:${search.staffId}`;
  const trimmed = { actor, action: search.action.trim(), target: search.target.trim() };
  return {
    limit: PAGE_SIZE,
    ...(trimmed.actor === '' ? {} : { actor: trimmed.actor }),
    ...(trimmed.action === '' ? {} : { action: trimmed.action }),
    ...(trimmed.target === '' ? {} : { target: trimmed.target }),
    ...(before === undefined ? {} : { before }),
  };
}

/** Staff by name; the login id tells apart two people of the same name. */
const byName = (members: readonly StaffMember[]) => [...members].sort((a, b) => a.displayName.localeCompare(b.displayName, 'ja'));

/** `/audit`: the whole audit log for administrators, newest first, searched and paged by `before`. */
export function AuditPage() {
  useDocumentTitle(messages.auditLogTitle);
  const session = useAppSelector(selectSession);
  const [draft, setDraft] = useState<AuditSearch>(emptySearch);
  const [search, setSearch] = useState<AuditSearch>(emptySearch);
  // The `before` of each page turned to (older and older).
  const [pages, setPages] = useState<number[]>([]);
  const allowed = mayTake(session, 'audit.readAll');
  const entries = useStaffAuditQuery(queryOf(search, pages.at(-1)), { skip: !allowed, refetchOnMountOrArgChange: true });
  const members = useStaffMembersQuery(undefined, { skip: !allowed });
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(draft);
    setPages([]);
  };
  const field = (name: 'action' | 'target', label: string) => (
    <label className="console-filter__item">
      <span>{label}</span>
      <input className="city-input" value={draft[name]} onChange={(event) => { setDraft({ ...draft, [name]: event.target.value }); }} />
    </label>
  );
  const last = entries.data?.at(-1);
  return (
    <>
      <h1>{messages.auditLogTitle}</h1>
      {allowed ? null : <Notice tone="warning">{messages.forbidden}</Notice>}
      <form className="console-filter" onSubmit={submit} aria-label={messages.auditSearch}>
        <div className="console-filter__items">
          {/* One actor per search: picking a staff member clears the typed actor, and typing clears the pick. */}
          <label className="console-filter__item">
            <span>{messages.auditSearchStaff}</span>
            <select className="city-input" value={draft.staffId} onChange={(event) => { setDraft({ ...draft, staffId: event.target.value, actor: '' }); }}>
              <option value="">{messages.auditAnyStaff}</option>
              {byName(members.data ?? []).map((member) => (
                <option key={member.staffId} value={member.staffId}>
                  {messages.auditStaffOption(member.displayName, member.loginId)}
                </option>
              ))}
            </select>
          </label>
          <label className="console-filter__item">
            <span>{messages.auditSearchActor}</span>
            <input className="city-input" value={draft.actor} onChange={(event) => { setDraft({ ...draft, actor: event.target.value, staffId: '' }); }} />
          </label>
          {field('action', messages.auditSearchAction)}
          {field('target', messages.auditSearchTarget)}
        </div>
        <Button type="submit">{messages.auditSearch}</Button>
      </form>
      {members.error === undefined ? null : (
        <CallFailure
          error={members.error}
          onRetry={() => {
            void members.refetch();
          }}
        />
      )}
      {entries.error === undefined ? null : (
        <CallFailure
          error={entries.error}
          onRetry={() => {
            void entries.refetch();
          }}
        />
      )}
      {entries.isFetching ? <Loading label={messages.loading} /> : null}
      {entries.data?.length === 0 ? <p>{messages.auditEmpty}</p> : null}
      {entries.data !== undefined && entries.data.length > 0 ? <AuditTable entries={entries.data} caption={messages.auditLogTitle} /> : null}
      <div className="console-actions">
        {pages.length > 0 ? (
          <Button variant="secondary" onClick={() => { setPages(pages.slice(0, -1)); }}>
            {messages.auditNewer}
          </Button>
        ) : null}
        {last !== undefined && entries.data?.length === PAGE_SIZE ? (
          <Button variant="secondary" onClick={() => { setPages([...pages, last.seq]); }}>
            {messages.auditOlder}
          </Button>
        ) : null}
      </div>
    </>
  );
}
