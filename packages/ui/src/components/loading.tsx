import { uiMessages } from '../messages.js';

/** The loading indicator: a spinner, read out as 読み込み中です. */
export function Loading({ label = uiMessages.loading }: { label?: string }) {
  return (
    <div className="city-loading" role="status">
      <span className="city-loading__spinner" aria-hidden="true" />
      <span className="city-visually-hidden">{label}</span>
    </div>
  );
}
