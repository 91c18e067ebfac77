import { Button } from '@city/ui';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { messages } from '../../messages.js';
import type { RecordRef } from '../../store/staff-api.js';
import { useStaffAddMemoMutation } from '../../store/staff-api.js';

/** A memo (管理者メモ) added to the record's history, with the author and time the server records. */
export function MemoForm({ record }: { record: RecordRef }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState(false);
  const [saved, setSaved] = useState(false);
  const [addMemo, result] = useStaffAddMemoMutation();
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    if (text.trim() === '') {
      setProblem(true);
      return;
    }
    setProblem(false);
    const outcome = await addMemo({ ...record, text: text.trim() });
    if ('data' in outcome) {
      setText('');
      setSaved(true);
    }
  };
  return (
    <form
      className="console-form console-no-print"
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <label className="console-label" htmlFor="memo-text">
        {messages.addMemo}
      </label>
      <textarea
        id="memo-text"
        className="city-input"
        rows={3}
        maxLength={2000}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'memo-error' : undefined}
        value={text}
        onChange={(event) => { setText(event.target.value); }}
      />
      {problem ? (
        <p id="memo-error" className="city-field__error">
          {messages.memoRequired}
        </p>
      ) : null}
      {result.error === undefined ? null : <CallFailure error={result.error} />}
      <p role="status">{saved ? messages.memoSaved : ''}</p>
      <Button type="submit" disabled={result.isLoading}>
        {messages.memoSave}
      </Button>
    </form>
  );
}
