import { scopesAllow, type TokenAccess, type TokenArea, type TokenScope } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';

/**
 * The routes a personal access token may call (issue 34, docs/product/api.md#access-tokens), by the
 * area its scopes name; the method says the access: GET reads, every other method writes. Like the
 * step-up list (`step-up.ts`), it sits beside the authorization table and route files carry no token
 * code; the auth hook (`plugins/auth.ts`) checks it for every token call, before the policy.
 *
 * A route not listed refuses every token with 403 TOKEN_SCOPE_DENIED: the account, tokens themselves,
 * two-factor, sessions, members, roles and invitations, billing, webhooks, GitHub settings, files,
 * AI, and who may see a document (shares, public links) stay with a signed-in browser. A new route
 * is closed to tokens until it is listed here (`token-scope.test.ts` checks every entry exists).
 */
export const tokenAreaRoutes: Readonly<Record<TokenArea, readonly string[]>> = {
  planning: [
    '/api/milestone/timeline',
    '/api/milestone',
    '/api/milestone/stories',
    '/api/milestone/order',
    '/api/milestone/approved/:id',
    '/api/milestone/:id',
    '/api/milestone/:milestoneIdx',
    '/api/story/awaiting-zone',
    '/api/story/no-epic/:id',
    '/api/story/by-epic/:id',
    '/api/story',
    '/api/story/order',
    '/api/story/:storyIdx',
    '/api/story/:id',
    '/api/assignee/:id',
    '/api/story/:id/comment',
    '/api/epic/all-of-project',
    '/api/epic',
    '/api/epic/:id',
    '/api/history/story',
    '/api/history/milestone',
    '/api/history-data/by-history-idx',
    '/api/dashboard',
    '/api/github/story-links',
  ],
  time: ['/api/timekeeping', '/api/timekeeping/:timekeepingIdx', '/api/timekeeping/bulk'],
  documents: [
    '/api/folder',
    '/api/folder/:folderIdx',
    '/api/document',
    '/api/document/:documentIdx',
    '/api/document/:documentIdx/restore',
    '/api/document/:documentIdx/version',
    '/api/document/:documentIdx/version/:versionNo',
    '/api/document/:documentIdx/export',
  ],
  settlement: [
    '/api/contract',
    '/api/contract/:contractIdx',
    '/api/contract/:contractIdx/accept',
    '/api/contract/:contractIdx/end',
    '/api/contract/:contractIdx/decline',
    '/api/settlement',
    '/api/settlement/:settlementIdx',
    '/api/settlement/:settlementIdx/submit',
    '/api/settlement/:settlementIdx/approve',
    '/api/settlement/:settlementIdx/return',
    '/api/settlement/:settlementIdx/pay',
    '/api/settlement/:settlementIdx/export',
  ],
};

/** Read by any token, whatever its scopes: the caller's projects, to find the ids the other calls take. */
export const anyTokenReadRoutes: readonly string[] = ['/api/project/list-of-member'];

const areaOfUrl = new Map<string, TokenArea>(
  Object.entries(tokenAreaRoutes).flatMap(([area, urls]) =>
    urls.map((url) => [url, area as TokenArea] as const),
  ),
);

export const accessOfMethod = (method: string): TokenAccess =>
  method === 'GET' || method === 'HEAD' ? 'read' : 'write';

/** What a token needs for a route: its area and access, `any` for the listed reads, or null (no token). */
export function tokenNeedOf(
  method: string,
  url: string,
): { area: TokenArea | 'any'; access: TokenAccess } | null {
  const access = accessOfMethod(method);
  if (access === 'read' && anyTokenReadRoutes.includes(url)) return { area: 'any', access };
  const area = areaOfUrl.get(url);
  return area ? { area, access } : null;
}

/** The scope a route asks of a token, as docs/permissions.md shows it (`planning:read`, `any token`, or empty). */
export function tokenScopeText(method: string, url: string): string {
  const need = tokenNeedOf(method, url);
  if (!need) return '';
  return need.area === 'any' ? 'any token' : `${need.area}:${need.access}`;
}

/** Refuses a token call its scopes do not cover (403 TOKEN_SCOPE_DENIED, naming what it needs). */
export function requireTokenScope(scopes: readonly TokenScope[], method: string, url: string): void {
  const need = tokenNeedOf(method, url);
  if (!need) throw new AppError('TOKEN_SCOPE_DENIED', { needed: null });
  if (need.area === 'any') return;
  if (!scopesAllow(scopes, need.area, need.access))
    throw new AppError('TOKEN_SCOPE_DENIED', { needed: `${need.area}:${need.access}` });
}
