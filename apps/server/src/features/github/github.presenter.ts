import {
  apiPaths,
  type GithubConnection,
  type GithubStoryLink,
  type GithubSyncLogEntry,
} from '@teamline/contract';
import type { AppConfig } from '../../config.js';
import type { GithubConnectionRow, GithubLinkRow, GithubSyncLogRow } from './github.repository.js';

export function toConnection(
  config: Pick<AppConfig, 'publicUrl' | 'github'>,
  row: GithubConnectionRow,
  canManage: boolean,
): GithubConnection {
  return {
    projectIdx: row.projectIdx,
    authKind: row.authKind,
    account: row.account,
    status: row.status,
    repo: row.repo,
    branch: row.branch,
    projectKey: row.projectKey,
    repoUrl: row.repo ? `${config.github.webUrl}/${row.repo}` : null,
    // Members who may not manage the connection see neither where nor with what GitHub signs.
    webhookUrl: canManage
      ? `${config.publicUrl}/api${apiPaths.githubWebhook}?projectIdx=${row.projectIdx}`
      : '',
    webhookSecret: canManage ? row.webhookSecret : '',
    lastWebhookAt: row.lastWebhookAt?.toISOString() ?? null,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    backfill: row.backfill ?? null,
    connectedAt: row.connectedAt.toISOString(),
    connectedByIdx: row.connectedByIdx,
  };
}

export const toLogEntry = (row: GithubSyncLogRow): GithubSyncLogEntry => ({
  syncLogIdx: row.syncLogIdx,
  source: row.source,
  event: row.event,
  deliveryId: row.deliveryId,
  status: row.status,
  linked: row.linked,
  completed: row.completed,
  errorCode: row.errorCode,
  summary: row.summary,
  at: row.at.toISOString(),
});

export const toStoryLink = (r: GithubLinkRow): GithubStoryLink => ({
  kind: r.kind,
  ref: r.ref,
  title: r.title,
  author: r.author,
  state: r.state,
  url: r.url,
  at: r.at.toISOString(),
});
