import { Button, Notice } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { messages } from '../../messages.js';
import { callErrorOf, useStaffSecondFactorMutation } from '../../store/staff-api.js';

/**
 * A six-digit TOTP code: the second factor, or the first code of an authenticator being enrolled.
 * With `focusOnShow` the field takes the focus when the step appears (the second factor: nothing
 * else to read first); after a wrong code it takes it again, emptied, for the next try.
 */
export function CodeStep({ lead, onStartOver, focusOnShow = false }: { lead: string; onStartOver: () => void; focusOnShow?: boolean }) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [confirm, { isLoading, error }] = useStaffSecondFactorMutation();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnShow) input.current?.focus();
  }, [focusOnShow]);
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    setInvalid(!/^\d{6}$/.test(digits));
    if (!/^\d{6}$/.test(digits)) return;
    const outcome = await confirm({ code: digits });
    if ('error' in outcome) {
      setCode('');
      input.current?.focus();
    }
  };
  // The password was right at this step: a refusal is about the code, said so here whatever the
  // server's wording (it answers invalid_credentials for a password and a code alike).
  const wrongCode = callErrorOf(error)?.code === 'invalid_credentials';
  return (
    <form
      className="console-form"
      onSubmit={(event) => {
        void submit(event);
      }}
      noValidate
    >
      <p id="totp-code-lead">{lead}</p>
      {error === undefined ? null : wrongCode ? (
        <Notice tone="error">
          <p>{messages.totpCodeWrong}</p>
        </Notice>
      ) : (
        <CallFailure error={error} />
      )}
      <label className="console-label" htmlFor="totp-code">
        {messages.totpCode}
      </label>
      <input
        ref={input}
        id="totp-code"
        className="city-input console-input--code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        aria-invalid={invalid || wrongCode ? true : undefined}
        aria-describedby={invalid ? 'totp-code-error totp-code-lead' : 'totp-code-lead'}
        value={code}
        onChange={(event) => { setCode(event.target.value); }}
      />
      {invalid ? (
        <p id="totp-code-error" className="city-field__error">
          {messages.totpCodeInvalid}
        </p>
      ) : null}
      <div className="console-actions">
        <Button type="submit" disabled={isLoading}>
          {messages.confirmCode}
        </Button>
        <Button variant="secondary" onClick={onStartOver}>
          {messages.startOver}
        </Button>
      </div>
    </form>
  );
}
