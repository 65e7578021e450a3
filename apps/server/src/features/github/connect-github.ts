import { apiPaths, type GithubConnection, type GithubOauthOutcome } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import { randomToken, sha256 } from '../../shared/crypto.js';
import { inTransaction } from '../../shared/transaction.js';
import { GithubError } from './github-client.js';
import type { GithubDeps } from './github.deps.js';
import { toConnection } from './github.presenter.js';
import { createGithubRepository } from './github.repository.js';

const OAUTH_STATE_MS = 10 * 60_000;

const callbackUrl = ({ ctx }: GithubDeps) => `${ctx.config.publicUrl}/api${apiPaths.githubOauthCallback}`;

async function connectWithToken(
  { ctx, client, cipher }: GithubDeps,
  projectIdx: number,
  memberIdx: number,
  token: string,
  kind: 'oauth' | 'token',
) {
  let login: string;
  try {
    login = (await client.user(token)).login;
  } catch (error) {
    if (error instanceof GithubError && (error.status === 401 || error.status === 403))
      throw new AppError('GITHUB_TOKEN_INVALID');
    throw new AppError('GITHUB_FETCH_FAILED');
  }
  return inTransaction(ctx.database.db, async (tx) => {
    const connected = await createGithubRepository(tx).connect({
      projectIdx,
      authKind: kind,
      account: login,
      tokenCipher: cipher.seal(token),
      webhookSecret: randomToken(),
      connectedByIdx: memberIdx,
    });
    // The OAuth callback comes without a key: the actor is the admin who started it.
    await ctx.audit.record(tx, {
      kind: 'github.connected',
      actorIdx: memberIdx,
      projectIdx,
      target: { type: 'github', idx: projectIdx },
      changes: { account: login, authKind: kind },
    });
    return connected;
  });
}

export async function connectToken(
  deps: GithubDeps,
  actor: Actor,
  projectIdx: number,
  token: string,
): Promise<GithubConnection> {
  await deps.authz.authorize(actor, 'github.manage', projectIdx);
  const row = await connectWithToken(deps, projectIdx, actor.memberIdx, token, 'token');
  return toConnection(deps.ctx.config, row, true);
}

export async function startOauth(
  deps: GithubDeps,
  actor: Actor,
  projectIdx: number,
): Promise<{ url: string }> {
  const { ctx, repo, client } = deps;
  await deps.authz.authorize(actor, 'github.manage', projectIdx);
  const oauth = ctx.config.github.oauth;
  if (!oauth) throw new AppError('GITHUB_NOT_CONFIGURED');
  const now = ctx.clock.now();
  await repo.dropExpiredStates(now);
  const state = randomToken();
  await repo.addState({
    stateHash: sha256(state),
    projectIdx,
    memberIdx: actor.memberIdx,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_MS),
  });
  return { url: client.authorizeUrl(oauth.clientId, callbackUrl(deps), state) };
}

/** Where GitHub sends the browser back: the web page to go to, with the outcome. */
export async function oauthCallback(
  deps: GithubDeps,
  query: { code?: string; state?: string; error?: string },
): Promise<string> {
  const { ctx, repo, client, authz } = deps;
  const { config } = ctx;
  const back = (outcome: GithubOauthOutcome, projectIdx?: number) =>
    `${config.publicUrl}/#/setting?${projectIdx ? `idx=${projectIdx}&` : ''}tab=github&github=${outcome}`;
  const taken = query.state ? await repo.takeState(sha256(query.state), ctx.clock.now()) : null;
  if (!taken) return back('failed');
  if (query.error === 'access_denied') return back('cancelled', taken.projectIdx);
  const oauth = config.github.oauth;
  if (!oauth || !query.code) return back('failed', taken.projectIdx);
  try {
    // Still an admin of the project when coming back.
    await authz.authorize({ memberIdx: taken.memberIdx, familyId: '' }, 'github.manage', taken.projectIdx);
    const token = await client.exchangeCode(
      oauth.clientId,
      oauth.clientSecret,
      query.code,
      callbackUrl(deps),
    );
    if (!token) return back('failed', taken.projectIdx);
    await connectWithToken(deps, taken.projectIdx, taken.memberIdx, token, 'oauth');
    return back('connected', taken.projectIdx);
  } catch (error) {
    if (error instanceof AppError || error instanceof GithubError) return back('failed', taken.projectIdx);
    throw error;
  }
}
