// The survey's own settings, around its items: id, title, description, mode and teams first; the
// look-up and index keys and the membership after the items they name.
import { messages } from '../../messages.js';
import type { StaffSurvey, StaffTeam } from '../../store/staff-api.js';
import type { SurveyDraft } from './editor-draft.js';
import { newMembership, TEXT_ANSWER_TYPES } from './editor-draft.js';
import { CheckField, CheckList, NumberField, SelectField, TextAreaField, TextField } from '../../components/form-fields.js';

interface SettingsProps {
  draft: SurveyDraft;
  onChange: (change: Partial<SurveyDraft>) => void;
}

/** How an item is named among choices: its title, or its key while it has none. */
const itemChoice = (entry: SurveyDraft['items'][number]) => ({ value: entry.uid, label: entry.item.title.trim() === '' ? entry.item.itemKey : entry.item.title });

export function BasicSettings({ draft, onChange, creating, records, teams }: SettingsProps & { creating: boolean; records: number; teams: readonly StaffTeam[] }) {
  return (
    <section className="console-panel" aria-labelledby="settings-heading">
      <h2 id="settings-heading">{messages.settingsHeading}</h2>
      <div className="console-item__fields">
        {creating ? (
          <TextField
            label={messages.surveyIdLabel}
            value={draft.surveyId}
            onChange={(surveyId) => {
              onChange({ surveyId });
            }}
          />
        ) : (
          <TextField label={messages.surveyIdFixed} value={draft.surveyId} readOnly onChange={() => undefined} />
        )}
        <div className="console-field--wide">
          <TextField
            label={messages.surveyTitleLabel}
            value={draft.title}
            onChange={(title) => {
              onChange({ title });
            }}
          />
        </div>
        <TextAreaField
          label={messages.surveyDescriptionLabel}
          value={draft.description}
          onChange={(description) => {
            onChange({ description });
          }}
        />
        <fieldset className="console-field console-field--wide console-choices" aria-describedby={records > 0 ? 'mode-locked' : undefined}>
          <legend className="console-label">{messages.modeLegend}</legend>
          {[
            { appending: false, label: messages.modeUpdate },
            { appending: true, label: messages.modeAppend },
          ].map((mode) => (
            <label key={String(mode.appending)} className="console-check">
              <input
                type="radio"
                name="survey-mode"
                checked={draft.appending === mode.appending}
                // The server refuses it under records (409 mode_change_with_records): said here first.
                disabled={records > 0}
                onChange={() => {
                  onChange({ appending: mode.appending });
                }}
              />
              {mode.label}
            </label>
          ))}
          {records > 0 ? (
            <p id="mode-locked" className="console-note">
              {messages.modeLocked(records)}
            </p>
          ) : null}
        </fieldset>
        <CheckList
          legend={messages.teamsLegend}
          choices={teams.map((team) => ({ value: team.teamId, label: team.name }))}
          chosen={draft.teamIds}
          onChange={(teamIds) => {
            onChange({ teamIds });
          }}
        />
        <CheckField
          label={messages.searchableLabel}
          checked={draft.searchable}
          onChange={(searchable) => {
            onChange({ searchable });
          }}
        />
      </div>
    </section>
  );
}

export function SearchSettings({ draft, onChange }: SettingsProps) {
  return (
    <section className="console-panel" aria-labelledby="search-heading">
      <h2 id="search-heading">{messages.searchHeading}</h2>
      <CheckList
        legend={messages.lookupLegend}
        choices={draft.items.filter((entry) => TEXT_ANSWER_TYPES.has(entry.item.type)).map(itemChoice)}
        chosen={draft.lookupUids}
        empty={messages.lookupNone}
        onChange={(lookupUids) => {
          onChange({ lookupUids });
        }}
      />
      <CheckList
        legend={messages.indexLegend}
        choices={draft.items.filter((entry) => entry.item.type !== 'guide').map(itemChoice)}
        chosen={draft.indexUids}
        empty={messages.indexNone}
        onChange={(indexUids) => {
          onChange({ indexUids });
        }}
      />
    </section>
  );
}

export function MemberSettings({ draft, onChange, records, surveys }: SettingsProps & { records: number; surveys: readonly StaffSurvey[] | undefined }) {
  // Only member surveys can be required (the server refuses others).
  const others = (surveys ?? []).filter((survey) => survey.surveyId !== draft.surveyId && survey.membership !== null);
  const known = others.some((survey) => survey.surveyId === draft.requiresMembership);
  const { membership } = draft;
  // The server refuses any membership change under records (409 membership_change_with_records).
  const locked = records > 0;
  const lockedNote = locked ? messages.membershipLocked(records) : undefined;
  const setMembership = (change: Partial<NonNullable<SurveyDraft['membership']>>) => {
    if (membership !== undefined) onChange({ membership: { ...membership, ...change } });
  };
  return (
    <section className="console-panel" aria-labelledby="members-heading">
      <h2 id="members-heading">{messages.membersHeading}</h2>
      <SelectField
        label={messages.requiresMembership}
        value={draft.requiresMembership}
        onChange={(requiresMembership) => {
          onChange({ requiresMembership });
        }}
      >
        <option value="">{messages.requiresNone}</option>
        {others.map((survey) => (
          <option key={survey.surveyId} value={survey.surveyId}>
            {survey.title}（{survey.membership}）
          </option>
        ))}
        {draft.requiresMembership !== '' && !known ? <option value={draft.requiresMembership}>{messages.requiresUnknown(draft.requiresMembership)}</option> : null}
      </SelectField>
      <CheckField
        label={messages.membershipToggle}
        checked={membership !== undefined}
        disabled={locked}
        note={lockedNote}
        onChange={(on) => {
          onChange({ membership: on ? newMembership(draft.items) : undefined });
        }}
      />
      {membership === undefined ? null : (
        <div className="console-item__fields">
          <div className="console-field--wide">
            <TextField
              label={messages.membershipName}
              value={membership.name}
              disabled={locked}
              onChange={(name) => {
                setMembership({ name });
              }}
            />
          </div>
          <TextField
            label={messages.membershipPrefix}
            value={membership.prefix}
            disabled={locked}
            onChange={(prefix) => {
              setMembership({ prefix });
            }}
          />
          <NumberField
            label={messages.membershipDigits}
            value={membership.digits}
            disabled={locked}
            onChange={(digits) => {
              setMembership({ digits });
            }}
          />
          <SelectField
            label={messages.membershipNumberItem}
            value={membership.numberItemUid}
            disabled={locked}
            onChange={(numberItemUid) => {
              setMembership({ numberItemUid });
            }}
          >
            <option value="">{messages.membershipNumberUnset}</option>
            {draft.items
              .filter((entry) => entry.item.type === 'text')
              .map(itemChoice)
              .map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
          </SelectField>
          <CheckList
            legend={messages.membershipNameItems}
            choices={draft.items.filter((entry) => TEXT_ANSWER_TYPES.has(entry.item.type)).map(itemChoice)}
            chosen={membership.nameItemUids}
            disabled={locked}
            onChange={(nameItemUids) => {
              setMembership({ nameItemUids });
            }}
          />
        </div>
      )}
    </section>
  );
}
