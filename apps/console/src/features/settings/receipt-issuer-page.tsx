import { Button, Loading, Notice } from '@city/ui';
import { useEffect, useRef, useState } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { TextField } from '../../components/form-fields.js';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { mayTake, selectSession } from '../../store/session-slice.js';
import { callErrorOf, useStaffReceiptIssuerQuery, useStaffSaveReceiptIssuerMutation } from '../../store/staff-api.js';

interface IssuerForm {
  name: string;
  address: string;
  phone: string;
  registrationNumber: string;
}

/**
 * `/settings/receipt-issuer`: the receipt's issuer (発行者), for administrators (`settings.edit`).
 * Receipts show it from the next one opened; until it is saved, the server's settings give it.
 */
export function ReceiptIssuerPage() {
  useDocumentTitle(messages.issuerTitle);
  const session = useAppSelector(selectSession);
  const allowed = mayTake(session, 'settings.edit');
  const issuer = useStaffReceiptIssuerQuery(undefined, { skip: !allowed });
  const [save, saving] = useStaffSaveReceiptIssuerMutation();
  const [form, setForm] = useState<IssuerForm | undefined>(undefined);
  const [done, setDone] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (issuer.data !== undefined && form === undefined) {
      setForm({ name: issuer.data.name, address: issuer.data.address ?? '', phone: issuer.data.phone ?? '', registrationNumber: issuer.data.registrationNumber ?? '' });
    }
  }, [issuer.data, form]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const problems = callErrorOf(saving.error)?.problems ?? [];
  const problemOf = (field: keyof IssuerForm) => problems.find((problem) => problem.at === field)?.message;
  const field = (key: keyof IssuerForm, label: string) =>
    form === undefined ? null : (
      <TextField
        label={label}
        value={form[key]}
        problem={problemOf(key)}
        onChange={(value) => {
          setDone(false);
          setForm({ ...form, [key]: value });
        }}
      />
    );

  return (
    <>
      <h1>{messages.issuerTitle}</h1>
      {allowed ? <p>{messages.issuerLead}</p> : <Notice tone="warning">{messages.forbidden}</Notice>}
      {issuer.error === undefined ? null : <CallFailure error={issuer.error} />}
      {issuer.isLoading ? <Loading label={messages.loading} /> : null}
      {form === undefined ? null : (
        <form
          className="console-panel"
          aria-label={messages.issuerTitle}
          onSubmit={(event) => {
            event.preventDefault();
            setDone(false);
            void save(form).then((outcome) => {
              if ('data' in outcome) setDone(true);
            });
          }}
        >
          {field('name', messages.issuerName)}
          {field('address', messages.issuerAddress)}
          {field('phone', messages.issuerPhone)}
          {field('registrationNumber', messages.issuerRegistrationNumber)}
          {saving.error === undefined ? null : <CallFailure error={saving.error} />}
          <div role="status">
            {done ? (
              <p ref={doneRef} tabIndex={-1} className="console-done">
                {messages.issuerSaved}
              </p>
            ) : null}
          </div>
          <Button type="submit" disabled={saving.isLoading}>
            {messages.issuerSave}
          </Button>
        </form>
      )}
    </>
  );
}

