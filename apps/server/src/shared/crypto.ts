import { hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** 32 random bytes as base64url: e-mail tokens, access keys, refresh tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/**
 * Tokens are stored as their SHA-256 so a leaked table cannot be replayed. The one-shot `hash` costs
 * about a third of a `createHash` object's (a key the session cache does not hold is hashed per call).
 */
export const sha256 = (value: string): string => hash('sha256', value, 'hex');

const KEY_LENGTH = 64;

/** scrypt from node:crypto (no native addon); format `scrypt$<salt>$<hash>` leaves room for upgrades. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, saltText, hashText] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
