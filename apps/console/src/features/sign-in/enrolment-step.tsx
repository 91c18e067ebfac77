import { Loading } from '@city/ui';
import { useEffect, useRef } from 'react';
import { CallFailure } from '../../components/call-failure.js';
import { messages } from '../../messages.js';
import { useStaffTotpEnrolmentMutation } from '../../store/staff-api.js';
import { CodeStep } from './code-step.js';

/**
 * Enrolling an authenticator: the server offers a secret (as a QR code and as text to type), and
 * the first code from it confirms it. The QR code is an SVG shown as an image: a data: address,
 * so no markup from the response enters the page.
 */
export function EnrolmentStep({ onStartOver }: { onStartOver: () => void }) {
  const [startEnrolment, enrolment] = useStaffTotpEnrolmentMutation();
  // Once per screen: each request offers a new secret, and only the last one offered can be confirmed.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void startEnrolment(undefined);
  }, [startEnrolment]);
  if (enrolment.error !== undefined) {
    return (
      <CallFailure
        error={enrolment.error}
        onRetry={() => {
          void startEnrolment(undefined);
        }}
      />
    );
  }
  if (enrolment.data === undefined) return <Loading label={messages.enrolmentLoading} />;
  const { qrSvg, secret } = enrolment.data;
  return (
    <div className="console-enrolment">
      <p>{messages.enrolmentLead}</p>
      <img className="console-enrolment__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`} alt={messages.enrolmentQrAlt} width={200} height={200} />
      <p>
        {messages.enrolmentSecret}：<code className="console-enrolment__secret">{secret}</code>
      </p>
      <CodeStep lead={messages.secondFactorLead} onStartOver={onStartOver} />
    </div>
  );
}
