import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@teamline/contract';

/** Letters and digits that cannot be mistaken for one another when read from paper (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** Ten codes like `k7m2p-xq4rt` (about 49 bits each), shown once and stored only as an HMAC. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const half = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => `${half()}-${half()}`);
}

/** What a person types back: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * Recovery codes at rest: an HMAC-SHA256 keyed by SECRET_KEY over the account and the code, so a
 * copy of the table alone cannot be searched for codes (49 bits would fall to a plain fast hash).
 */
export function createRecoveryCodeHasher(secret: () => string) {
  let key: Buffer | null = null;
  const keyOf = () => (key ??= createHmac('sha256', 'teamline recovery codes').update(secret()).digest());
  return (memberIdx: number, code: string): string =>
    createHmac('sha256', keyOf())
      .update(`${memberIdx}:${normalizeRecoveryCode(code)}`)
      .digest('hex');
}
export type RecoveryCodeHasher = ReturnType<typeof createRecoveryCodeHasher>;
