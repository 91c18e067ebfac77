// Files out of calendar administration (an uploaded file goes as base64 in the JSON body,
// lib/base64.ts; the server reads Shift_JIS or UTF-8 itself): an export is fetched with the session cookie and
// handed to the browser as a download, so that a refusal shows on the page instead of as a file.
import type { StaffCall, StaffCallError } from '../../store/base-query.js';
import { urlOf } from '../../store/base-query.js';
import { messages } from '../../messages.js';

/** The file name a `content-disposition: attachment; filename="…"` header gives, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition === null ? null : /filename="([^"]+)"/.exec(disposition);
  return match?.[1] ?? fallback;
}

/**
 * Downloads what an export endpoint answers (GET, the session cookie going along); answers the
 * refusal instead when the server refuses (409 slot_times_differ, say).
 */
export async function downloadExport(call: StaffCall, fallbackName: string): Promise<StaffCallError | undefined> {
  let response: Response;
  try {
    response = await fetch(urlOf(call), { credentials: 'same-origin', headers: { accept: 'text/csv, application/json' } });
  } catch {
    return { status: 'network', code: 'network', message: messages.networkError };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Partial<StaffCallError>;
    return {
      status: response.status,
      code: body.code ?? 'unexpected',
      message: body.message ?? messages.unexpectedError,
      ...(body.blockers === undefined ? {} : { blockers: body.blockers }),
    };
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the object URL can go at the next turn.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
  return undefined;
}
