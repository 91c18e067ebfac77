import { surveyConfigProblems } from '@city/survey-core';
import { Dialog } from '@city/ui';
import { useState } from 'react';
import { messages } from '../../messages.js';
import type { StaffSurvey, StaffTeam } from '../../store/staff-api.js';
import { callErrorOf, useStaffCopySurveyMutation } from '../../store/staff-api.js';

interface CopyDialogProps {
  survey: StaffSurvey;
  /** The teams the staff member may give a survey to. */
  teams: readonly StaffTeam[];
  onCopied: (copy: { surveyId: string; title: string }) => void;
  onCancel: () => void;
}

/** 「コピー」: the survey's configuration as a new draft, under the id and title asked for here. */
export function CopyDialog({ survey, teams, onCopied, onCancel }: CopyDialogProps) {
  const [surveyId, setSurveyId] = useState(`${survey.surveyId}-copy`);
  const [title, setTitle] = useState(messages.copyDefaultTitle(survey.title));
  // The original's teams, those the staff member may give it to.
  const [teamIds, setTeamIds] = useState(() => survey.teamIds.filter((teamId) => teams.some((team) => team.teamId === teamId)));
  const [problems, setProblems] = useState<string[]>([]);
  const [copy, copying] = useStaffCopySurveyMutation();

  const confirm = async () => {
    if (copying.isLoading) return;
    // The id and title as the server checks them (core's messages), before asking it.
    const local = surveyConfigProblems({ surveyId, surveyTitle: title, surveySchema: [] }).map((problem) => problem.message);
    if (teamIds.length === 0) local.push(messages.noTeamProblem);
    if (local.length > 0) {
      setProblems(local);
      return;
    }
    const { data, error } = await copy({ sourceId: survey.surveyId, copy: { surveyId, surveyTitle: title, teamIds } });
    if (data !== undefined) {
      onCopied({ surveyId: data.surveyId, title });
      return;
    }
    const failure = callErrorOf(error);
    setProblems(failure?.problems?.map((problem) => problem.message) ?? [failure?.message ?? messages.unexpectedError]);
  };

  return (
    <Dialog
      open
      title={messages.copyTitle(survey.title)}
      confirmLabel={messages.copyConfirm}
      cancelLabel={messages.cancelDialog}
      onConfirm={() => {
        void confirm();
      }}
      onCancel={onCancel}
    >
      <p>{messages.copyLead}</p>
      {problems.length === 0 ? null : (
        <ul id="copy-problems" className="console-problems" role="alert">
          {problems.map((problem) => (
            <li key={problem} className="city-field__error">
              {problem}
            </li>
          ))}
        </ul>
      )}
      <div className="console-form">
        <label className="console-label" htmlFor="copy-survey-id">
          {messages.copyId}
        </label>
        <input
          id="copy-survey-id"
          className="city-input"
          value={surveyId}
          onChange={(event) => {
            setSurveyId(event.target.value);
          }}
        />
        <label className="console-label" htmlFor="copy-title">
          {messages.copyNewTitle}
        </label>
        <input
          id="copy-title"
          className="city-input"
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
          }}
        />
        <fieldset className="console-choices">
          <legend className="console-label">{messages.teamsLegend}</legend>
          {teams.map((team) => (
            <label key={team.teamId} className="console-check">
              <input
                type="checkbox"
                checked={teamIds.includes(team.teamId)}
                onChange={(event) => {
                  setTeamIds(event.target.checked ? [...teamIds, team.teamId] : teamIds.filter((teamId) => teamId !== team.teamId));
                }}
              />
              {team.name}
            </label>
          ))}
        </fieldset>
      </div>
    </Dialog>
  );
}
