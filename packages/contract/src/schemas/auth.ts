import { z } from 'zod';
import { singleLine } from './common.js';
import { email, language } from './member.js';

export const emailPurposes = ['join', 'password'] as const;
export type EmailPurpose = (typeof emailPurposes)[number];

/** `lang` picks the language of a join mail (else Accept-Language, else en). */
export const emailAuthRequest = z.object({
  email,
  purpose: z.enum(emailPurposes),
  lang: language.optional(),
});
export const emailVerifyRequest = z.object({ token: singleLine().min(1).max(200) });
export const emailVerifyResponse = z.object({ email: z.string(), verifiedToken: z.string() });

export const loginGeneralRequest = z.object({ email, password: z.string().min(1, 'required') });
/** Ask for a mailed one-time sign-in link; answered alike whether or not the address has an account. */
export const signInLinkRequest = z.object({ email });
export const signInLinkVerifyRequest = emailVerifyRequest;

/**
 * The auth session of docs/product/accounts.md#sessions: access key, its expiry (ISO 8601) and the refresh token. A browser
 * gets the refresh token only as an httpOnly cookie, so `refresh` is absent from its JSON
 * (docs/security.md "Sessions"); other clients get it here.
 */
export const authTokens = z.object({ key: z.string(), expires: z.string(), refresh: z.string().optional() });
export type AuthTokens = z.infer<typeof authTokens>;
/** A session as the server issues it, before deciding where the refresh token travels. */
export type IssuedTokens = Required<AuthTokens>;

export const authConfig = z.object({ google: z.boolean() });

/** The outside sign-in providers; `google` is any OpenID Connect issuer (OIDC_ISSUER). */
export const oauthProviders = ['google'] as const;
export type OauthProvider = (typeof oauthProviders)[number];

/** The authorization response the callback page got back, sent on to the server to finish sign-in. */
export const oauthLoginRequest = z.object({
  provider: z.enum(oauthProviders),
  code: singleLine().min(1).max(2000),
  state: singleLine().min(1).max(200),
  redirectUri: singleLine().max(2000).optional(),
});
export type OauthLoginRequest = z.input<typeof oauthLoginRequest>;

/**
 * `signedIn`: a registered person, with the session of an e-mail login. `join`: nobody is registered
 * with this identity yet: the join form is prefilled from the claims and sends `preToken` to
 * `POST /member/join`.
 */
export const oauthLoginResponse = z.discriminatedUnion('result', [
  authTokens.extend({ result: z.literal('signedIn') }),
  z.object({
    result: z.literal('join'),
    preToken: z.string(),
    email: z.string(),
    name: z.string().nullable(),
  }),
]);
export type OauthLoginResponse = z.infer<typeof oauthLoginResponse>;

/** The details of an `OAUTH_LINK_REQUIRED` refusal: the account's address and the token to link it. */
export const oauthLinkRequired = z.object({ linkToken: z.string(), email: z.string() });
export type OauthLinkRequired = z.infer<typeof oauthLinkRequired>;

/** Links the outside identity to the e-mail account once its password is proven, and signs in. */
export const oauthLinkRequest = z.object({
  linkToken: singleLine().min(1).max(200),
  password: z.string().min(1, 'required'),
});
