import type { PasskeyOptionsResponse } from '@teamline/contract';

/**
 * The browser's side of passkeys, through `@simplewebauthn/browser`, loaded when a passkey is first
 * used so the login page's first load does not carry it.
 */
const browser = () => import('@simplewebauthn/browser');

/** The person dismissed the prompt, or no passkey of this site was chosen: not an error to report. */
export function isPasskeyCancel(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  const cause = (error as { cause?: { name?: string } } | null)?.cause?.name;
  return name === 'NotAllowedError' || cause === 'NotAllowedError' || name === 'AbortError';
}

export async function passkeysSupported(): Promise<boolean> {
  return (await browser()).browserSupportsWebAuthn();
}

/** Asks the authenticator to sign the server's challenge (`navigator.credentials.get`). */
export async function signChallenge(options: PasskeyOptionsResponse['options']): Promise<unknown> {
  const { startAuthentication } = await browser();
  return startAuthentication({
    optionsJSON: options,
  });
}

/** Asks the authenticator for a new passkey (`navigator.credentials.create`). */
export async function createPasskey(options: PasskeyOptionsResponse['options']): Promise<unknown> {
  const { startRegistration } = await browser();
  return startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
}
