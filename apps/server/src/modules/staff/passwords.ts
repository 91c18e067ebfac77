// Staff passwords: Argon2id (the @node-rs/argon2 default) with OWASP's minimum parameters (19 MiB,
// 2 passes, 1 lane), hashed and verified off the event loop by the library's own threads.
import { hash, verify } from '@node-rs/argon2';

/** Argon2id's cost: memory in KiB, passes, lanes. */
export interface PasswordHashParameters {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** What every server process hashes with. A hash names its own parameters, and is verified by them. */
export const PASSWORD_HASH_PARAMETERS: PasswordHashParameters = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Shortest password accepted for a staff account. */
export const MIN_PASSWORD_LENGTH = 12;

/** The password's Argon2id hash; `parameters` other than the production ones are for tests' accounts only. */
export function hashPassword(password: string, parameters: PasswordHashParameters = PASSWORD_HASH_PARAMETERS): Promise<string> {
  return hash(password, parameters);
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
