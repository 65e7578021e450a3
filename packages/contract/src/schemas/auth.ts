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

/**
 * The auth session of spec §3: access key, its expiry (ISO 8601) and the refresh token. A browser
 * gets the refresh token only as an httpOnly cookie, so `refresh` is absent from its JSON
 * (docs/security.md "Sessions"); other clients get it here.
 */
export const authTokens = z.object({ key: z.string(), expires: z.string(), refresh: z.string().optional() });
export type AuthTokens = z.infer<typeof authTokens>;
/** A session as the server issues it, before deciding where the refresh token travels. */
export type IssuedTokens = Required<AuthTokens>;

export const authConfig = z.object({ google: z.boolean() });
