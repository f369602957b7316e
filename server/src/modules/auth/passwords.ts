import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id; a const enum cannot be imported under isolatedModules
/** argon2id with the OWASP minimum (docs/architecture.md §Server): 19 MiB, 2 passes, 1 lane. */
export const PRODUCTION_HASH = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };
/**
 * Under jest (NODE_ENV=test, which jest sets) a hash costs about a fortieth: the suites sign in
 * thousands of times, and at the production cost that was minutes of the run. Verification reads
 * the cost from the hash itself, so either kind verifies anywhere; the server, the browser tests
 * and the bench run with production hashes.
 */
const TEST_HASH = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const HASH_OPTIONS = process.env.NODE_ENV === 'test' ? TEST_HASH : PRODUCTION_HASH;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Computes the throw-away hash ahead of time, so the first unknown e-mail is not slower. */
export function prepareDummyHash(): void {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
}

/**
 * Verifies against a throw-away hash so that a sign-in with an unknown e-mail costs as much
 * time as one with a known e-mail and a wrong password.
 */
export async function burnVerification(password: string): Promise<void> {
  prepareDummyHash();
  await verifyPassword(await dummyHash!, password);
}
