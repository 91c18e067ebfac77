import { Button, Dialog } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import type { CalendarAdminView } from './calendar-admin-api.js';
import { useStaffDeleteCategoryMutation, useStaffSaveCalendarMutation, useStaffSaveCategoryMutation } from './calendar-admin-api.js';
import type { CategoryPath, TreeNode } from './category-tree.js';
import { childPath, isCategoryId, mayHaveCalendar, pathText, renamedPath, suggestedCalendarId } from './category-tree.js';
import { Refusal } from '../../components/refusal.js';
import { DEFAULT_RULES, NO_CLOSURES } from './rules-form.js';

const text = messages.calendarAdmin;
type Labels = CalendarAdminView['labels'];

/** Which form is open under which node ('' for a new first-level category). */
type OpenForm = { kind: 'add' | 'rename' | 'calendar'; key: string } | null;

const levelLabel = (labels: Labels, level: 1 | 2 | 3) => (level === 1 ? labels.tag1 : level === 2 ? labels.tag2 : labels.tag3);

/** A new category (an id and a name) under a path, or the top of the tree. */
function AddCategoryForm({ parent, levelName, onDone, onCancel }: { parent: CategoryPath | undefined; levelName: string; onDone: (message: string) => void; onCancel: () => void }) {
  const id = useId();
  const [categoryId, setCategoryId] = useState('');
  const [name, setName] = useState('');
  const [checked, setChecked] = useState(false);
  const [save, saving] = useStaffSaveCategoryMutation();
  const idWrong = !isCategoryId(categoryId.trim());
  const nameWrong = name.trim() === '';
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (idWrong || nameWrong) return;
    const path = parent === undefined ? { tag1: name.trim(), tag2: '', tag3: '' } : childPath(parent, name.trim());
    const outcome = await save({ categoryId: categoryId.trim(), ...path });
    if (outcome.data !== undefined) onDone(text.categoryAdded(pathText(path)));
  };
  const title = parent === undefined ? text.addTopTitle(levelName) : text.addBelowTitle(pathText(parent), levelName);
  return (
    <form className="calendars-inline-form" aria-label={title} onSubmit={(event) => void submit(event)}>
      <p className="calendars-inline-form__title">{title}</p>
      <div className="calendars-fields">
        <div className="console-filter__item">
          <label htmlFor={`${id}-name`}>{text.categoryName(levelName)}</label>
          <input
            id={`${id}-name`}
            className="city-input"
            value={name}
            maxLength={100}
            aria-invalid={checked && nameWrong ? true : undefined}
            aria-describedby={checked && nameWrong ? `${id}-name-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
          {checked && nameWrong ? (
            <p id={`${id}-name-error`} className="city-field__error">
              {text.categoryNameRequired}
            </p>
          ) : null}
        </div>
        <div className="console-filter__item">
          <label htmlFor={`${id}-id`}>{text.categoryId}</label>
          <input
            id={`${id}-id`}
            className="city-input"
            value={categoryId}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={checked && idWrong ? true : undefined}
            aria-describedby={`${id}-id-hint`}
            onChange={(event) => {
              setCategoryId(event.target.value);
            }}
          />
          <p id={`${id}-id-hint`} className={checked && idWrong ? 'city-field__error' : 'console-note'}>
            {text.categoryIdHint}
          </p>
        </div>
      </div>
      <Refusal error={saving.error} />
      <div className="console-actions">
        <Button type="submit" disabled={saving.isLoading}>
          {text.add}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {messages.cancelDialog}
        </Button>
      </div>
    </form>
  );
}

/** A node's own name changed (its id, calendar and bookings stay). */
function RenameForm({ node, onDone, onCancel }: { node: TreeNode; onDone: (message: string) => void; onCancel: () => void }) {
  const id = useId();
  const [name, setName] = useState(node.name);
  const [save, saving] = useStaffSaveCategoryMutation();
  const category = node.category;
  if (category === undefined) return null;
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') return;
    const path = renamedPath(node.path, name.trim());
    const outcome = await save({ categoryId: category.categoryId, ...path });
    if (outcome.data !== undefined) onDone(text.categoryRenamed(pathText(node.path), pathText(path)));
  };
  const title = text.renameTitle(pathText(node.path));
  return (
    <form className="calendars-inline-form" aria-label={title} onSubmit={(event) => void submit(event)}>
      <p className="calendars-inline-form__title">{title}</p>
      <div className="console-filter__item calendars-narrow">
        <label htmlFor={`${id}-name`}>{text.newName}</label>
        <input
          id={`${id}-name`}
          className="city-input"
          value={name}
          maxLength={100}
          aria-invalid={name.trim() === '' ? true : undefined}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
      </div>
      <Refusal error={saving.error} />
      <div className="console-actions">
        <Button type="submit" disabled={saving.isLoading || name.trim() === ''}>
          {text.rename}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {messages.cancelDialog}
        </Button>
      </div>
    </form>
  );
}

/** A calendar made on a bookable category, with the usual rules; its page opens next. */
function NewCalendarForm({ node, onCancel }: { node: TreeNode; onCancel: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const category = node.category;
  const [calendarId, setCalendarId] = useState(suggestedCalendarId(category?.categoryId ?? ''));
  const [save, saving] = useStaffSaveCalendarMutation();
  if (category === undefined) return null;
  const idWrong = !isCategoryId(calendarId.trim());
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (idWrong) return;
    const outcome = await save({ calendarId: calendarId.trim(), categoryId: category.categoryId, rules: DEFAULT_RULES, closures: NO_CLOSURES });
    if (outcome.data !== undefined) void navigate(paths.calendar.to(calendarId.trim()));
  };
  const title = text.newCalendarTitle(pathText(node.path));
  return (
    <form className="calendars-inline-form" aria-label={title} onSubmit={(event) => void submit(event)}>
      <p className="calendars-inline-form__title">{title}</p>
      <p className="console-note">{text.newCalendarLead}</p>
      <div className="console-filter__item calendars-narrow">
        <label htmlFor={`${id}-id`}>{text.calendarId}</label>
        <input
          id={`${id}-id`}
          className="city-input"
          value={calendarId}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={idWrong ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setCalendarId(event.target.value);
          }}
        />
        <p id={`${id}-hint`} className={idWrong ? 'city-field__error' : 'console-note'}>
          {text.calendarIdHint}
        </p>
      </div>
      <Refusal error={saving.error} />
      <div className="console-actions">
        <Button type="submit" disabled={saving.isLoading || idWrong}>
          {text.createCalendar}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {messages.cancelDialog}
        </Button>
      </div>
    </form>
  );
}

interface TreeProps {
  nodes: TreeNode[];
  labels: Labels;
  onDone: (message: string) => void;
}

/**
 * The category tree with each node's actions: a level below added, renamed, deleted (after a
 * question; a refusal lists what stands in the way beside the node), and for a bookable category
 * its calendar made or opened.
 */
export function CategoryTreeView({ nodes, labels, onDone }: TreeProps) {
  const [open, setOpen] = useState<OpenForm>(null);
  const [deleting, setDeleting] = useState<TreeNode | null>(null);
  const [refused, setRefused] = useState<{ key: string; error: unknown } | null>(null);
  const [remove, removing] = useStaffDeleteCategoryMutation();
  const done = (message: string) => {
    setOpen(null);
    setRefused(null);
    onDone(message);
  };
  const close = () => {
    setOpen(null);
  };
  const confirmDelete = async () => {
    const node = deleting;
    setDeleting(null);
    if (node?.category === undefined) return;
    const outcome = await remove({ categoryId: node.category.categoryId });
    if (outcome.error !== undefined) setRefused({ key: node.key, error: outcome.error });
    else done(text.categoryDeleted(pathText(node.path)));
  };

  const renderNode = (node: TreeNode) => {
    const path = pathText(node.path);
    const calendar = node.category?.calendar ?? null;
    const isOpen = (kind: 'add' | 'rename' | 'calendar') => open?.kind === kind && open.key === node.key;
    const childLevel = node.level === 3 ? undefined : ((node.level + 1) as 2 | 3);
    return (
      <li key={node.key}>
        <div className="calendars-node">
          <span className="calendars-node__name">
            <span className="calendars-node__level">{levelLabel(labels, node.level)}</span>
            <strong>{node.name}</strong>
            {node.category === undefined ? <span className="console-note">{text.noCategoryOfItsOwn}</span> : <span className="console-note">{text.idLabel(node.category.categoryId)}</span>}
          </span>
          {calendar === null ? null : (
            <span className="calendars-node__calendar">
              <Link to={paths.calendar.to(calendar.calendarId)} aria-label={text.openCalendarLabel(path)}>
                {text.openCalendar}
              </Link>
              {calendar.rules.bookingStopped === true ? <strong className="calendars-stopped-badge">{text.stoppedBadge}</strong> : null}
            </span>
          )}
          <span className="calendars-node__actions">
            {childLevel !== undefined && calendar === null ? (
              <Button
                variant="secondary"
                aria-label={text.addBelowLabel(path, levelLabel(labels, childLevel))}
                onClick={() => {
                  setOpen({ kind: 'add', key: node.key });
                }}
              >
                {text.addBelow(levelLabel(labels, childLevel))}
              </Button>
            ) : null}
            {mayHaveCalendar(node) ? (
              <Button
                variant="secondary"
                aria-label={text.newCalendarLabel(path)}
                onClick={() => {
                  setOpen({ kind: 'calendar', key: node.key });
                }}
              >
                {text.createCalendar}
              </Button>
            ) : null}
            {/* A branch keeps its name: renaming it alone would leave the levels below under the old one. */}
            {node.category !== undefined && node.children.length === 0 ? (
              <Button
                variant="secondary"
                aria-label={text.renameLabel(path)}
                onClick={() => {
                  setOpen({ kind: 'rename', key: node.key });
                }}
              >
                {text.rename}
              </Button>
            ) : null}
            {node.category !== undefined ? (
              <Button
                variant="secondary"
                aria-label={text.deleteLabel(path)}
                disabled={removing.isLoading}
                onClick={() => {
                  setRefused(null);
                  setDeleting(node);
                }}
              >
                {text.delete}
              </Button>
            ) : null}
          </span>
        </div>
        {refused?.key === node.key ? <Refusal error={refused.error} title={text.deleteRefused(path)} /> : null}
        {isOpen('add') && childLevel !== undefined ? <AddCategoryForm parent={node.path} levelName={levelLabel(labels, childLevel)} onDone={done} onCancel={close} /> : null}
        {isOpen('rename') ? <RenameForm node={node} onDone={done} onCancel={close} /> : null}
        {isOpen('calendar') ? <NewCalendarForm node={node} onCancel={close} /> : null}
        {node.children.length > 0 ? <ul className="calendars-tree">{node.children.map(renderNode)}</ul> : null}
      </li>
    );
  };

  return (
    <>
      {nodes.length === 0 ? <p>{text.noCategories}</p> : <ul className="calendars-tree calendars-tree--root">{nodes.map(renderNode)}</ul>}
      {open?.kind === 'add' && open.key === '' ? (
        <AddCategoryForm parent={undefined} levelName={labels.tag1} onDone={done} onCancel={close} />
      ) : (
        <div className="console-actions">
          <Button
            variant="secondary"
            onClick={() => {
              setOpen({ kind: 'add', key: '' });
            }}
          >
            {text.addTop(labels.tag1)}
          </Button>
        </div>
      )}
      <Dialog
        open={deleting !== null}
        title={text.deleteTitle(deleting === null ? '' : pathText(deleting.path))}
        confirmLabel={text.delete}
        cancelLabel={messages.cancelDialog}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleting(null);
        }}
      >
        <p>{deleting?.category?.calendar ? text.deleteLeadWithCalendar : text.deleteLead}</p>
      </Dialog>
    </>
  );
}
