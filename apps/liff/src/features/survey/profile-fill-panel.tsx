// 「LINEのプロフィールから入力」: inside LINE, on a survey whose items are mapped to profile fields,
// the citizen may fill them from their LINE profile. Nothing is read until they agree (LINE's own
// window asks inside LINE; this dialog asks where the stand-in plays it), and only the mapped items
// change: what they typed elsewhere stays, and they can still correct what was filled.
import type { Answers, SurveySchemaItem } from '@city/survey-core';
import { Button, Dialog } from '@city/ui';
import { useRef, useState } from 'react';
import { answersFromProfile, scopesFor } from '../../lib/profile-fill.js';
import { profileFillMessages as text } from '../../profile-fill-messages.js';
import { useServices } from '../../store/hooks.js';

type Outcome = 'idle' | 'reading' | 'filled' | 'nothing' | 'declined' | 'failed';

export default function ProfileFillPanel({ schema, answers, onFill }: { schema: readonly SurveySchemaItem[]; answers: Answers; onFill: (answers: Answers) => void }) {
  const { commonProfile } = useServices();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const [asking, setAsking] = useState(false);
  const answer = useRef<(agreed: boolean) => void>(undefined);
  if (commonProfile === undefined) return null;

  const askConsent = () =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setAsking(true);
    });
  const decide = (agreed: boolean) => {
    setAsking(false);
    answer.current?.(agreed);
  };
  const fill = async () => {
    setOutcome('reading');
    try {
      const profile = await commonProfile(scopesFor(schema), askConsent);
      if (profile === null) {
        setOutcome('declined');
        return;
      }
      const { answers: filledAnswers, filled } = answersFromProfile(schema, answers, profile);
      if (filled.length > 0) onFill(filledAnswers);
      setOutcome(filled.length > 0 ? 'filled' : 'nothing');
    } catch {
      setOutcome('failed');
    }
  };
  const said = outcome === 'idle' || outcome === 'reading' ? '' : text[outcome];
  return (
    <section className="app-profile-fill" aria-label={text.title}>
      <p>{text.lead}</p>
      <Button variant="secondary" disabled={outcome === 'reading'} onClick={() => void fill()}>
        {text.button}
      </Button>
      <p role="status">{said}</p>
      <Dialog open={asking} title={text.consentTitle} confirmLabel={text.agree} cancelLabel={text.decline} onConfirm={() => { decide(true); }} onCancel={() => { decide(false); }}>
        <p>{text.consent}</p>
      </Dialog>
    </section>
  );
}
