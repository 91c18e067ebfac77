import { Button } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { messages } from '../../messages.js';
import { useStaffSignInMutation } from '../../store/staff-api.js';

/** The first step: login id and password (the session that answers says what comes next). */
export function PasswordStep() {
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [signIn, { isLoading, error }] = useStaffSignInMutation();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void signIn({ loginId: loginId.trim(), password });
  };
  return (
    <form className="console-form" onSubmit={submit}>
      {error === undefined ? null : <CallFailure error={error} />}
      <label className="console-label" htmlFor="login-id">
        {messages.loginId}
      </label>
      <input id="login-id" className="city-input" name="username" autoComplete="username" required maxLength={64} value={loginId} onChange={(event) => { setLoginId(event.target.value); }} />
      <label className="console-label" htmlFor="password">
        {messages.password}
      </label>
      <input
        id="password"
        className="city-input"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        maxLength={256}
        value={password}
        onChange={(event) => { setPassword(event.target.value); }}
      />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? messages.signingIn : messages.signIn}
      </Button>
    </form>
  );
}
