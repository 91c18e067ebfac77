import type { RecordFilter } from '@city/api-client/staff-contract';
import { NOTICE_MAX_LENGTH } from '@city/api-client/staff-contract';
import { Button, Dialog } from '@city/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CallFailure } from './call-failure.js';
import { TextAreaField } from './form-fields.js';
import { paths } from '../config/paths.js';
import { messages } from '../messages.js';
import { useStaffSendNoticeMutation } from '../store/notices-api.js';

const text = messages.notices;

/** The records a notice is for: the applied filter's whole result (as many as the list counted), or records named. */
export type NoticeTarget = { filter: RecordFilter; matching: number } | { partitionKeys: string[] };

/**
 * LINEでお知らせを送る: the text, said to go once to each citizen of the records (however many they
 * have), then the report of who was reached. The filter's count is the one the list showed: the
 * server sends nothing if the filter now matches another number.
 */
export function SendNotice({ surveyId, target, one = false }: { surveyId: string; target: NoticeTarget; one?: boolean }) {
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState('');
  const [missing, setMissing] = useState(false);
  const [send, result] = useStaffSendNoticeMutation();
  const navigate = useNavigate();
  const records = 'matching' in target ? target.matching : target.partitionKeys.length;
  const confirm = () => {
    if (body.trim() === '') {
      setMissing(true);
      return;
    }
    const sent = 'matching' in target ? { filter: target.filter, expectedCount: target.matching } : { partitionKeys: target.partitionKeys };
    void send({ surveyId, text: body.trim(), target: sent })
      .unwrap()
      .then((report) => {
        setOpen(false);
        void navigate(paths.notice.to(report.noticeId));
      }, () => undefined);
  };
  return (
    <>
      <Button variant="secondary" disabled={records === 0 || result.isLoading} onClick={() => { setOpen(true); }}>
        {result.isLoading ? text.sending : one ? text.sendOne : text.send}
      </Button>
      <Dialog open={open} title={text.title} confirmLabel={result.isLoading ? text.sending : text.confirm(records)} cancelLabel={messages.cancelDialog} onConfirm={confirm} onCancel={() => { setOpen(false); }}>
        <p>{'matching' in target ? text.leadFilter(records) : text.leadSelected(records)}</p>
        <p className="console-note">{text.leadFriends}</p>
        <TextAreaField
          label={text.text(NOTICE_MAX_LENGTH)}
          maxLength={NOTICE_MAX_LENGTH}
          value={body}
          problem={missing ? text.textRequired : undefined}
          onChange={(value) => {
            setBody(value);
            setMissing(false);
          }}
        />
        {result.error === undefined ? null : <CallFailure error={result.error} />}
      </Dialog>
    </>
  );
}
