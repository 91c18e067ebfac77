import { messages } from '../../messages.js';
import type { StaffSurvey } from '../../store/staff-api.js';

/** Which of the survey's items the list shows as columns (the page keeps the choice). */
export function ColumnChooser({ survey, chosen, onChange }: { survey: StaffSurvey; chosen: readonly string[]; onChange: (itemKeys: string[]) => void }) {
  const items = survey.items.filter((item) => item.type !== 'guide');
  return (
    <details className="console-columns">
      <summary>{messages.columnChooser}</summary>
      <fieldset>
        <legend className="console-columns__lead">{messages.columnChooserLead}</legend>
        {items.map((item) => (
          <label key={item.itemKey} className="console-check">
            <input
              type="checkbox"
              checked={chosen.includes(item.itemKey)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(item.itemKey);
                else next.delete(item.itemKey);
                // In the survey's order, whatever order they were ticked in.
                onChange(items.map((candidate) => candidate.itemKey).filter((itemKey) => next.has(itemKey)));
              }}
            />
            {item.title}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
