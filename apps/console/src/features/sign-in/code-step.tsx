import { Button } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { messages } from '../../messages.js';
import { useStaffSecondFactorMutation } from '../../store/staff-api.js';

/** A six-digit TOTP code: the second factor, or the first code of an authenticator being enrolled. */
export function CodeStep({ lead, onStartOver }: { lead: string; onStartOver: () => void }) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [confirm, { isLoading, error }] = useStaffSecondFactorMutation();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    setInvalid(!/^\d{6}$/.test(digits));
    if (/^\d{6}$/.test(digits)) void confirm({ code: digits });
  };
  return (
    <form className="console-form" onSubmit={submit} noValidate>
      <p>{lead}</p>
      {error === undefined ? null : <CallFailure error={error} />}
      <label className="console-label" htmlFor="totp-code">
        {messages.totpCode}
      </label>
      <input
        id="totp-code"
        className="city-input console-input--code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? 'totp-code-error' : undefined}
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
