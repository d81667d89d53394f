import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane):
 * about 80 ms a hash on this machine kind, which bounds brute force without
 * making sign-in feel slow.
 */
/** @node-rs/argon2's Algorithm is an ambient const enum; 2 is its Argon2id member. */
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed check, never a crash of the sign-in request.
    return false;
  }
}
