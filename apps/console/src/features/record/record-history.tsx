import { formatDateTime } from '../../lib/format.js';
import { messages } from '../../messages.js';
import type { RecordPage } from '../../store/staff-api.js';

/** Status changes and memos, in the order the server keeps them, each with who and when. */
export function RecordHistory({ history }: { history: RecordPage['history'] }) {
  if (history.length === 0) return <p>{messages.noHistory}</p>;
  return (
    <ol className="console-history">
      {history.map((event, index) => (
        <li key={`${event.at}-${index}`}>
          <p className="console-history__head">
            <time dateTime={new Date(event.at).toISOString()}>{formatDateTime(event.at)}</time> {event.staffName}：
            {event.kind === 'status' && event.status !== null ? messages.historyStatus(event.status) : messages.historyMemo}
          </p>
          {event.text === '' ? null : <p className="console-history__text">{event.text}</p>}
        </li>
      ))}
    </ol>
  );
}
