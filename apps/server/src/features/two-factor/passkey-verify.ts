import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { PasskeyAssertion, PasskeyOptionsResponse } from '@teamline/contract';
import type { PasskeyRow } from './two-factor.repository.js';
import type { RelyingParty } from './relying-party.js';

/** How long the browser may take to ask the authenticator (WebAuthn's own timeout). */
export const PASSKEY_TIMEOUT_MS = 120_000;

/** Options for `navigator.credentials.get`: any passkey of this site, or the account's own. */
export async function assertionOptions(rp: RelyingParty, passkeys: PasskeyRow[] | null) {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: PASSKEY_TIMEOUT_MS,
    userVerification: passkeys ? 'preferred' : 'required',
    ...(passkeys
      ? { allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })) }
      : {}),
  });
}

/**
 * Checks a signed challenge against the stored public key: origin, relying party, challenge,
 * signature and the counter going forward (a cloned authenticator's replay fails). Passwordless
 * sign-in also needs user verification (the passkey is both factors); as a second factor after a
 * password, presence suffices. Returns the new counter, or null when it does not verify.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  passkey: PasskeyRow,
  credential: PasskeyAssertion,
  expectedChallenge: string,
  requireUserVerification: boolean,
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    // A malformed or forged answer is a wrong entry like a wrong code, never a 500.
    return null;
  }
}

/** WebAuthn options as the contract carries them to the browser (a JSON object it passes on as is). */
export const asOptionsJson = (options: object) => options as PasskeyOptionsResponse['options'];
