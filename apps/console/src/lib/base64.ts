// A file's bytes for a JSON body: uploads (calendar files, results) go as base64.

/** The bytes as base64, in chunks (one call with a million arguments would overflow the stack). */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  return btoa(binary);
}
