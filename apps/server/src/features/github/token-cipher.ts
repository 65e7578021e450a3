import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A stored token that does not open with this key (SECRET_KEY changed, or not a sealed value). */
export class TokenUnreadableError extends Error {
  constructor() {
    super('the stored GitHub token does not open with this key');
    this.name = 'TokenUnreadableError';
  }
}

/**
 * GitHub tokens at rest: AES-256-GCM with a key from SECRET_KEY, or, unset, from `secret.key` in
 * the data folder (made when a token is first sealed or opened, readable by the owner only). A stored value is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; a value sealed with another key does not open
 * (`open` throws TokenUnreadableError), so a lost key means reconnecting GitHub, never a wrong
 * token. `secret` is read at the first seal or open: a server that never uses GitHub makes no key.
 */
export function createTokenCipher(secret: () => string) {
  let derived: Buffer | null = null;
  const keyOf = () => (derived ??= createHash('sha256').update(secret()).digest());
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new TokenUnreadableError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new TokenUnreadableError();
      }
    },
  };
}
export type TokenCipher = ReturnType<typeof createTokenCipher>;

/** SECRET_KEY, or the data folder's own key (made once). */
export function secretKeyOf(config: { secretKey: string | undefined; dataDir: string }): string {
  if (config.secretKey) return config.secretKey;
  const file = join(config.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}
