import type { AppConfig } from '../../config.js';

/**
 * Who passkeys are registered for: the WebAuthn relying party is the host of PUBLIC_URL and the only
 * accepted origin is PUBLIC_URL's, so `http://localhost:<port>` works in tests and a deployment's
 * passkeys work only on its own address.
 */
export function relyingPartyOf(config: Pick<AppConfig, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  // The origin is the scheme and authority of the address, without its path.
  const origin = /^[a-z]+:\/\/[^/]+/i.exec(config.publicUrl)![0].toLowerCase();
  return { rpID: url.hostname, rpName: 'Teamline', origin };
}
export type RelyingParty = ReturnType<typeof relyingPartyOf>;
