// Staff passwords: Argon2id (the @node-rs/argon2 default) with OWASP's minimum parameters (19 MiB,
// 2 passes, 1 lane), hashed and verified off the event loop by the library's own threads.
import { hash, verify } from '@node-rs/argon2';

const PARAMETERS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Shortest password accepted for a staff account. */
export const MIN_PASSWORD_LENGTH = 12;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMETERS);
}

// Verified when the login id is unknown, so an unknown id takes as long as a wrong password.
let decoy: Promise<string> | undefined;

/** Whether the password matches the stored hash (an unknown account: `undefined`, always false). */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined) {
    decoy ??= hashPassword('decoy password, never anyone’s');
    await verify(await decoy, password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
