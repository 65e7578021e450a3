import { z } from 'zod';
import { idx } from './common.js';

/**
 * Personal access tokens (issue 34 "Connect out", docs/product/api.md#access-tokens): a member's
 * key for scripts and other tools, `Authorization: Bearer tl_pat_…`. A token acts as its member
 * (the project roles still decide), but only on the routes of its scopes' areas: reading needs
 * `<area>:read` or `<area>:write`, any other method `<area>:write`. Every other route refuses a
 * token with 403 TOKEN_SCOPE_DENIED.
 */
export const ACCESS_TOKEN_PREFIX = 'tl_pat_';
/** Live (neither revoked nor expired) tokens one member may hold. */
export const ACCESS_TOKENS_PER_MEMBER = 20;
/** The longest life of a token, in days. */
export const ACCESS_TOKEN_MAX_DAYS = 365;
/** The lifetimes the settings offer; a date up to a year ahead is the other choice. */
export const accessTokenDurations = [30, 90, 365] as const;
export const ACCESS_TOKEN_NAME_MAX = 50;

export const tokenAreas = ['planning', 'time', 'documents', 'settlement'] as const;
export type TokenArea = (typeof tokenAreas)[number];
export const tokenAccesses = ['read', 'write'] as const;
export type TokenAccess = (typeof tokenAccesses)[number];

export const tokenScopes = tokenAreas.flatMap((area) =>
  tokenAccesses.map((access) => `${area}:${access}` as const),
) as [`${TokenArea}:${TokenAccess}`, ...`${TokenArea}:${TokenAccess}`[]];
export type TokenScope = `${TokenArea}:${TokenAccess}`;

/** Whether scopes let a call of `access` into `area` through: write implies read. */
export function scopesAllow(scopes: readonly string[], area: TokenArea, access: TokenAccess): boolean {
  return scopes.includes(`${area}:write`) || (access === 'read' && scopes.includes(`${area}:read`));
}

/** One scope per area, the stronger one kept (`planning:read` beside `planning:write` is dropped), in table order. */
export function normalizeScopes(scopes: readonly TokenScope[]): TokenScope[] {
  return tokenAreas.flatMap((area): TokenScope[] =>
    scopes.includes(`${area}:write`)
      ? [`${area}:write`]
      : scopes.includes(`${area}:read`)
        ? [`${area}:read`]
        : [],
  );
}

/**
 * `POST /member/token`: a name, one or more scopes and either a lifetime in days (30, 90, 365) or
 * an expiry date (`YYYY-MM-DD`, the end of that day in UTC, at most a year ahead).
 */
export const createAccessTokenRequest = z
  .object({
    name: z.string().trim().min(1, 'required').max(ACCESS_TOKEN_NAME_MAX, 'tooLong'),
    scopes: z.array(z.enum(tokenScopes)).min(1, 'tokenScopes').max(tokenScopes.length),
    days: z.union([z.literal(30), z.literal(90), z.literal(365)]).optional(),
    expiresOn: z.iso.date('dateFormat').optional(),
  })
  .refine((body) => (body.days === undefined) !== (body.expiresOn === undefined), {
    message: 'tokenExpiry',
    path: ['days'],
  });
export type CreateAccessTokenRequest = z.input<typeof createAccessTokenRequest>;

/** A token as its owner's list shows it: never the secret, only its first characters to tell it apart. */
export const accessToken = z.object({
  tokenIdx: z.number().int(),
  name: z.string(),
  /** `tl_pat_` and the secret's first 4 characters. */
  hint: z.string(),
  scopes: z.array(z.enum(tokenScopes)),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessToken>;

export const accessTokenList = z.array(accessToken);

/** The answer of the creation: the token and, this once only, its secret. */
export const createdAccessToken = z.object({ token: accessToken, secret: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessToken>;

export const accessTokenParams = z.object({ tokenIdx: idx });
