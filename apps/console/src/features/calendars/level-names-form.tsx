import { Button } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { messages } from '../../messages.js';
import type { CalendarAdminView } from './calendar-admin-api.js';
import { useStaffSaveCategoryLabelsMutation } from './calendar-admin-api.js';
import { Refusal } from '../../components/refusal.js';

const text = messages.calendarAdmin;
type Labels = CalendarAdminView['labels'];
const LEVELS = ['tag1', 'tag2', 'tag3'] as const;

/** The names of the tree's three levels, as citizens read them when they pick (種類 / 健診 / 会場). */
export function LevelNamesForm({ labels, onSaved }: { labels: Labels; onSaved: (message: string) => void }) {
  const [draft, setDraft] = useState<Labels>(labels);
  const [save, saving] = useStaffSaveCategoryLabelsMutation();
  const blank = LEVELS.some((level) => draft[level].trim() === '');
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank) return;
    const outcome = await save({ tag1: draft.tag1.trim(), tag2: draft.tag2.trim(), tag3: draft.tag3.trim() });
    if (outcome.data !== undefined) onSaved(text.levelNamesSaved);
  };
  return (
    <form className="console-panel" aria-labelledby="calendars-levels" onSubmit={(event) => void submit(event)}>
      <h2 id="calendars-levels">{text.levelNamesTitle}</h2>
      <p className="console-note">{text.levelNamesLead}</p>
      <div className="calendars-fields">
        {LEVELS.map((level, index) => (
          <label key={level} className="console-filter__item">
            <span>{text.levelName(index + 1)}</span>
            <input
              className="city-input"
              value={draft[level]}
              maxLength={100}
              aria-invalid={draft[level].trim() === '' ? true : undefined}
              onChange={(event) => {
                setDraft({ ...draft, [level]: event.target.value });
              }}
            />
          </label>
        ))}
      </div>
      {blank ? <p className="city-field__error">{text.levelNamesRequired}</p> : null}
      <Refusal error={saving.error} />
      <div className="console-actions">
        <Button type="submit" variant="secondary" disabled={saving.isLoading || blank}>
          {text.levelNamesSave}
        </Button>
      </div>
    </form>
  );
}
