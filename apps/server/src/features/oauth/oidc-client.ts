import { URL } from 'node:url';
import * as client from 'openid-client';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../shared/app-error.js';

type OidcConfig = NonNullable<AppConfig['oidc']>;

/** A request to the issuer that never got an answer (refused, DNS, timeout), as opposed to a refusal. */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  // openid-client wraps a failed request in its own error with the network error as the cause.
  return error.cause !== undefined && error.cause !== error && isUnreachable(error.cause);
}

/**
 * The issuer's metadata, discovered once per process (`/.well-known/openid-configuration`) and kept;
 * a failed discovery is not kept, so the next sign-in tries again. Plain-http issuers are allowed
 * (a local Keycloak, the test provider): production issuers are https anyway.
 */
export function createOidcClient(config: OidcConfig, onUnreachable?: (error: unknown) => void) {
  let discovered: Promise<client.Configuration> | null = null;

  async function discover(): Promise<client.Configuration> {
    const issuer = new URL(config.issuer);
    const found = await client.discovery(
      issuer,
      config.clientId,
      config.clientSecret ? { client_secret: config.clientSecret } : undefined,
      config.clientSecret ? client.ClientSecretPost(config.clientSecret) : client.None(),
      {
        timeout: Math.ceil(config.timeoutMs / 1000),
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    return found;
  }

  return {
    /** The client configuration, or OAUTH_ISSUER_UNREACHABLE when the issuer cannot be asked. */
    async configuration(): Promise<client.Configuration> {
      discovered ??= discover();
      try {
        return await discovered;
      } catch (error) {
        discovered = null;
        onUnreachable?.(error);
        throw new AppError('OAUTH_ISSUER_UNREACHABLE');
      }
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
