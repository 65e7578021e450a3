import type { IssuedTokens, JoinRequest, Language, OauthLoginResponse } from '@teamline/contract';
import { URL } from 'node:url';
import * as client from 'openid-client';
import type { z } from 'zod';
import type { joinRequest } from '@teamline/contract';
import { addMinutes } from '../../infra/clock.js';
import type { Db } from '../../infra/db.js';
import { AppError } from '../../shared/app-error.js';
import type { AppContext } from '../../shared/context.js';
import { randomToken, sha256 } from '../../shared/crypto.js';
import { inTransaction } from '../../shared/transaction.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SessionClient } from '../session/device-cookie.js';
import type { SignInService } from '../two-factor/sign-in.service.js';
import { createMemberRepository, type MemberRepository } from '../account-store/member.repository.js';
import { newMemberRow } from '../member/member.service.js';
import { createOauthRepository, type OauthRepository } from './oauth.repository.js';
import { createOidcClient, isUnreachable } from './oidc-client.js';

/** A started authorization lives this long (the time to sign in at the issuer). */
export const OAUTH_STATE_TTL_MINUTES = 10;
/** The join form after an outside sign-in: as long as the e-mail join's verified ticket. */
export const OAUTH_PRE_TOKEN_TTL_MINUTES = 30;
/** The password prompt that links an outside sign-in to an existing e-mail account. */
export const OAUTH_LINK_TOKEN_TTL_MINUTES = 10;
/** Refusals of an outside sign-in the audit log records (not an unreachable or unconfigured issuer). */
const refusedSignIn = new Set<string>([
  'AUTH_LOGIN_FAILED',
  'OAUTH_STATE_INVALID',
  'OAUTH_EMAIL_UNVERIFIED',
  'OAUTH_DOMAIN_NOT_ALLOWED',
]);
/** What Teamline asks the issuer for. */
export const OAUTH_SCOPES = 'openid email profile';

interface StatePayload {
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}
interface ClaimsPayload {
  issuer: string;
  subject: string;
  email: string;
  name: string | null;
  memberIdx?: number;
}
type JoinInput = z.output<typeof joinRequest>;
export type { JoinRequest };

/**
 * Sign-in with an OpenID Connect issuer (docs/decisions.md "Outside sign-in"): the authorization-code
 * flow with PKCE, state and nonce; an account is found by (issuer, sub), never by e-mail alone.
 */
export function createOauthService(
  ctx: AppContext,
  db: Db,
  repo: OauthRepository,
  memberRepo: MemberRepository,
  auth: AuthService,
  /** Where a known account's sign-in ends: its second factor first, if it has one. */
  signInFactor: Pick<SignInService, 'completeSignIn'>,
) {
  const now = () => ctx.clock.now();
  const oidc = ctx.config.oidc;
  const issuerClient = oidc
    ? createOidcClient(oidc, (err) => ctx.log.warn({ err, issuer: oidc.issuer }, 'OpenID issuer unreachable'))
    : null;

  function requireClient() {
    if (!oidc || !issuerClient) throw new AppError('OAUTH_NOT_CONFIGURED');
    return { oidc, issuerClient };
  }

  /** Where the issuer sends the browser back: one fixed address to register at the issuer. */
  const callbackUrl = (provider: string) => `${ctx.config.publicUrl}/api/auth/oauth/${provider}/callback`;

  async function issueTicket(kind: 'state' | 'pre' | 'link', payload: object, ttlMinutes: number) {
    const token = kind === 'state' ? client.randomState() : randomToken();
    await repo.insertTicket({
      tokenHash: sha256(token),
      kind,
      payload: payload as Record<string, unknown>,
      expiresAt: addMinutes(now(), ttlMinutes),
      createdAt: now(),
    });
    return token;
  }

  /** Uses up a live ticket; null when unknown, used, expired or of another kind. */
  async function consumeTicket<T>(token: string, kind: 'state' | 'pre' | 'link', store = repo) {
    const row = await store.findLiveTicket(sha256(token), kind, now());
    if (!row || !(await store.consumeTicket(row.id, now()))) return null;
    return row.payload as T;
  }

  function checkDomain(claims: { email?: unknown; hd?: unknown }, allowed: string[]) {
    if (allowed.length === 0) return;
    const domain =
      typeof claims.hd === 'string' && claims.hd
        ? claims.hd
        : typeof claims.email === 'string'
          ? (claims.email.split('@')[1] ?? '')
          : '';
    if (!allowed.includes(domain.toLowerCase())) throw new AppError('OAUTH_DOMAIN_NOT_ALLOWED');
  }

  /** The issuer's answer to the code: its verified claims (ID token, else the userinfo endpoint). */
  async function exchange(
    configuration: client.Configuration,
    code: string,
    state: string,
    saved: StatePayload,
  ) {
    const currentUrl = new URL(saved.redirectUri);
    currentUrl.searchParams.set('code', code);
    currentUrl.searchParams.set('state', state);
    // RFC 9207: the callback already checked `iss` against the one configured issuer (routes), and
    // the web page passes only code and state on, so the expected value is put back here.
    if (configuration.serverMetadata().authorization_response_iss_parameter_supported)
      currentUrl.searchParams.set('iss', configuration.serverMetadata().issuer);
    try {
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: saved.codeVerifier,
        expectedState: state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      let claims: Record<string, unknown> = { ...idClaims };
      // Issuers that keep the ID token small (oidc-provider, Keycloak by setting) give the e-mail
      // only at the userinfo endpoint.
      if (claims.email === undefined)
        claims = {
          ...(await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)),
          ...claims,
        };
      return { issuer: idClaims.iss, subject: idClaims.sub, claims };
    } catch (error) {
      if (isUnreachable(error)) {
        ctx.log.warn({ err: error }, 'OpenID issuer unreachable during the code exchange');
        throw new AppError('OAUTH_ISSUER_UNREACHABLE');
      }
      // A refused, reused or forged code, a wrong nonce or a bad signature: nobody is signed in.
      ctx.log.info({ err: error }, 'OpenID code exchange refused');
      throw new AppError('AUTH_LOGIN_FAILED');
    }
  }

  /** The second half of `login` (the issuer's answer), before its refusals are recorded. */
  async function finishLogin(
    input: {
      code: string;
      state: string;
      redirectUri?: string | undefined;
    },
    client: SessionClient,
  ): Promise<OauthLoginResponse | { result: 'session'; tokens: IssuedTokens }> {
    const { oidc, issuerClient } = requireClient();
    const saved = await consumeTicket<StatePayload>(input.state, 'state');
    if (!saved) throw new AppError('OAUTH_STATE_INVALID');
    if (input.redirectUri !== undefined && input.redirectUri !== saved.redirectUri)
      throw new AppError('OAUTH_STATE_INVALID');
    const configuration = await issuerClient.configuration();
    const { issuer, subject, claims } = await exchange(configuration, input.code, input.state, saved);
    checkDomain(claims, oidc.allowedDomains);

    const known = await repo.findIdentity(issuer, subject);
    if (known && !known.deletedAt)
      return {
        result: 'session',
        tokens: await signInFactor.completeSignIn(known.memberIdx, client, 'oidc'),
      };

    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (typeof claims.email !== 'string' || !claims.email || !verified)
      throw new AppError('OAUTH_EMAIL_UNVERIFIED');
    const email = claims.email.trim().toLowerCase();
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null;

    const existing = await memberRepo.findActiveByEmail(email);
    if (existing) {
      const linkToken = await issueTicket(
        'link',
        { issuer, subject, email, name, memberIdx: existing.memberIdx } satisfies ClaimsPayload,
        OAUTH_LINK_TOKEN_TTL_MINUTES,
      );
      throw new AppError('OAUTH_LINK_REQUIRED', { linkToken, email });
    }
    const preToken = await issueTicket(
      'pre',
      { issuer, subject, email, name } satisfies ClaimsPayload,
      OAUTH_PRE_TOKEN_TTL_MINUTES,
    );
    return { result: 'join', preToken, email, name };
  }

  return {
    callbackUrl,
    configuredIssuer: () => oidc?.issuer ?? null,

    /** Starts an authorization: the issuer's address to send the browser to. */
    async start(provider: string): Promise<string> {
      const { issuerClient } = requireClient();
      const configuration = await issuerClient.configuration();
      // Housekeeping without a job: each start forgets the tickets that expired a day ago or more.
      await repo.deleteExpiredTickets(addMinutes(now(), -24 * 60));
      const codeVerifier = client.randomPKCECodeVerifier();
      const nonce = client.randomNonce();
      const redirectUri = callbackUrl(provider);
      const state = await issueTicket(
        'state',
        { nonce, codeVerifier, redirectUri } satisfies StatePayload,
        OAUTH_STATE_TTL_MINUTES,
      );
      const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
      // Typed as unknown: openid-client's answer is the DOM's URL, which the contract's globals narrow.
      const url: unknown = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: OAUTH_SCOPES,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return String(url);
    },

    /** The issuer answered with an error (the user cancelled): the state is of no further use. */
    async abandon(state: string | undefined) {
      if (state) await consumeTicket(state, 'state');
    },

    /**
     * Finishes the sign-in: a known identity gets a session; a new person gets a preToken for the
     * join form; an e-mail account with the same address must prove its password first.
     */
    async login(
      input: {
        code: string;
        state: string;
        redirectUri?: string | undefined;
      },
      client: SessionClient,
    ): Promise<OauthLoginResponse | { result: 'session'; tokens: IssuedTokens }> {
      try {
        return await finishLogin(input, client);
      } catch (error) {
        if (error instanceof AppError && refusedSignIn.has(error.code))
          await auth.recordSignInFailure(error.code, 'oidc', {});
        throw error;
      }
    },

    /** Binds the outside identity to the e-mail account whose password was proven, and signs in. */
    async link(linkToken: string, password: string, client: SessionClient): Promise<IssuedTokens> {
      const row = await repo.findLiveTicket(sha256(linkToken), 'link', now());
      if (!row) throw new AppError('OAUTH_SESSION_EXPIRED');
      const claims = row.payload as unknown as ClaimsPayload;
      const member = await memberRepo.findActiveById(claims.memberIdx ?? -1);
      if (!member || member.email !== claims.email) throw new AppError('OAUTH_SESSION_EXPIRED');
      // A wrong password leaves the token usable (another try) and counts towards the lockout.
      try {
        await auth.checkPassword(member, password, client);
      } catch (error) {
        if (error instanceof AppError)
          await auth.recordSignInFailure(error.code, 'link', { memberIdx: member.memberIdx });
        throw error;
      }
      await inTransaction(db, async (tx) => {
        const store = createOauthRepository(tx);
        if (!(await consumeTicket(linkToken, 'link', store))) throw new AppError('OAUTH_SESSION_EXPIRED');
        const stale = await store.findIdentity(claims.issuer, claims.subject);
        if (stale && !stale.deletedAt) throw new AppError('OAUTH_SESSION_EXPIRED');
        if (stale) await store.deleteIdentity(stale.id);
        await store.insertIdentity({
          memberIdx: member.memberIdx,
          issuer: claims.issuer,
          subject: claims.subject,
          email: claims.email,
        });
      });
      return signInFactor.completeSignIn(member.memberIdx, client, 'link');
    },

    /** `POST /member/join {preToken, …}`: the account and its identity in one transaction, then a session. */
    async join(input: JoinInput, fallbackLang: Language, client: SessionClient): Promise<IssuedTokens> {
      const row = await repo.findLiveTicket(sha256(input.preToken), 'pre', now());
      if (!row) throw new AppError('OAUTH_SESSION_EXPIRED');
      const claims = row.payload as unknown as ClaimsPayload;
      if (await memberRepo.findActiveByEmail(claims.email)) throw new AppError('EMAIL_ALREADY_REGISTERED');
      const memberIdx = await inTransaction(db, async (tx) => {
        const store = createOauthRepository(tx);
        if (!(await consumeTicket(input.preToken, 'pre', store))) throw new AppError('OAUTH_SESSION_EXPIRED');
        const stale = await store.findIdentity(claims.issuer, claims.subject);
        if (stale && !stale.deletedAt) throw new AppError('OAUTH_SESSION_EXPIRED');
        if (stale) await store.deleteIdentity(stale.id);
        const { preToken: _token, ...profile } = input;
        const member = await createMemberRepository(tx).insert(
          newMemberRow(profile, claims.email, null, fallbackLang),
        );
        await store.insertIdentity({
          memberIdx: member.memberIdx,
          issuer: claims.issuer,
          subject: claims.subject,
          email: claims.email,
        });
        return member.memberIdx;
      });
      return auth.startSession(memberIdx, client, 'join');
    },
  };
}
export type OauthService = ReturnType<typeof createOauthService>;
