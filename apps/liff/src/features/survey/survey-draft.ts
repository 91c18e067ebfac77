// Drafts (issue 28): what a citizen types into a new answer is saved on the server as they type
// (a pause of DRAFT_SAVE_DELAY_MS, at once when the page is hidden or left), so a long form
// survives switching to another LINE chat, closing the app, or moving to a browser. When the form
// opens blank, the saved draft is put back. Best effort: a draft that cannot be read or saved
// never stops the citizen from answering (the form works as before), and sending the form removes
// it on the server.
import type { ApiClient, ApiError } from '@city/api-client';
import { isApiError } from '@city/api-client';
import type { Answers } from '@city/survey-core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Saved this long after the last keystroke: a few requests a minute while typing. */
export const DRAFT_SAVE_DELAY_MS = 1_500;

type DraftApi = Pick<ApiClient, 'getDraft' | 'saveDraft' | 'discardDraft'>;

/** Calls the API without ever throwing (a missing method in a test, a lost connection): its data, or undefined. */
async function attempt<T>(call: () => Promise<T | ApiError>): Promise<T | undefined> {
  try {
    const result = await call();
    return isApiError(result) ? undefined : result;
  } catch {
    return undefined;
  }
}

const isBlank = (answers: Answers) => Object.keys(answers).length === 0;

/**
 * Keeps the draft of a new answer to `surveyId`. `active`: the form is a new answer (not an edit
 * of a stored record, not just sent). `onRestore` puts the draft's answers into the form.
 */
export function useSurveyDraft(input: { api: DraftApi; surveyId: string; answers: Answers; active: boolean; onRestore: (answers: Answers) => void }) {
  const { api, surveyId, answers, active, onRestore } = input;
  const [restored, setRestored] = useState(false);
  // Whether the saved draft has been looked for (nothing is saved before: it would be overwritten).
  const [checked, setChecked] = useState(false);
  const saved = useRef<string | undefined>(undefined);
  const latest = useRef({ answers, active, checked });
  latest.current = { answers, active, checked };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Looked for once, when the form opens blank; not put back once the citizen has typed.
  const openedFor = useRef<string | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!active || openedFor.current === surveyId) return;
    openedFor.current = surveyId;
    saved.current = undefined;
    setRestored(false);
    if (!isBlank(answers)) {
      setChecked(true);
      return;
    }
    void attempt(() => api.getDraft(surveyId)).then((found) => {
      if (!mounted.current) return;
      const draft = found?.data;
      const now = latest.current;
      if (draft != null && now.active && isBlank(now.answers)) {
        saved.current = JSON.stringify(draft.answers);
        onRestore(draft.answers);
        setRestored(true);
      }
      setChecked(true);
    });
  }, [active, surveyId, answers, api, onRestore]);

  const saveNow = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const { answers: now, active: stillActive, checked: ready } = latest.current;
    if (!stillActive || !ready) return;
    const text = JSON.stringify(now);
    if (text === (saved.current ?? '{}')) return;
    saved.current = text;
    void attempt(() => api.saveDraft({ surveyId, answers: { ...now } })).then((result) => {
      // Not saved: tried again with the next change or the next flush.
      if (result === undefined && saved.current === text) saved.current = undefined;
    });
  }, [api, surveyId]);

  // A pause in typing saves.
  useEffect(() => {
    if (!active || !checked) return;
    if (JSON.stringify(answers) === (saved.current ?? '{}')) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(saveNow, DRAFT_SAVE_DELAY_MS);
  }, [answers, active, checked, saveNow]);

  // The page hidden (another chat, the app closed) or the form left: saved at once.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', saveNow);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', saveNow);
      if (timer.current !== undefined) saveNow();
    };
  }, [saveNow]);

  /** Forgets the draft: the form starts blank and the server's copy goes. */
  const discard = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    saved.current = '{}';
    setRestored(false);
    onRestore({});
    void attempt(() => api.discardDraft(surveyId));
  }, [api, surveyId, onRestore]);

  return { restored, discard };
}
