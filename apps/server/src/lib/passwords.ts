import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Letters and digits that cannot be mistaken for one another when read out or copied by hand (no 0/o, 1/l/i). */
const TEMPORARY_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A password for an administrator to pass on: 16 characters drawn uniformly from 31 (about 79 bits), in
 * groups of four (`k7mq-3xtr-9pdv-w2hc`) so that it can be read out without losing one's place.
 */
export function temporaryPassword(): string {
  const characters = Array.from(
    { length: 16 },
    () => TEMPORARY_PASSWORD_ALPHABET[randomInt(TEMPORARY_PASSWORD_ALPHABET.length)],
  );
  return [0, 4, 8, 12].map((start) => characters.slice(start, start + 4).join('')).join('-');
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

// Hashed once per process: unknown e-mails are checked against it so they cost as much as wrong passwords.
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash, or against a throw-away hash when there is none, so that the
 * response time does not reveal whether an account exists.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const target = storedHash ?? (await dummyHash);
  try {
    const matches = await verify(target, password);
    return matches && storedHash !== undefined;
  } catch {
    return false;
  }
}
