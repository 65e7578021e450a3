import type { GithubBackfill, GithubConnection } from '@teamline/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../app/RootLayout';
import { Button } from '../../../components/ui/Button';
import { ConfirmDeleteButton } from '../../../components/ui/ConfirmDeleteButton';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { notify } from '../../../stores/toast-store';
import { githubApi } from '../api/github-api';
import { useGithubChange, useGithubStatus } from '../api/use-github';
import { ConnectForm } from './ConnectForm';
import { RepoSettingsForm } from './RepoSettingsForm';
import { SyncLog } from './SyncLog';
import { useOauthReturn } from './use-oauth-return';
import { WebhookInfo } from './WebhookInfo';
import './github.css';

/**
 * Settings › GitHub (project admins, issue 14): connect (OAuth app or a personal access token), pick
 * the repository, branch and project key, the webhook to add on GitHub, the backfill's progress, the
 * sync log with "retry", "sync now" and disconnect.
 */
export function GithubSection({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  useOauthReturn();
  const query = useGithubStatus(projectIdx);
  const connection = query.data?.connection ?? null;
  return (
    <div className="card github-card" data-testid="github-section">
      <h3>{t('ui.github.title')}</h3>
      <p className="github-muted">{t('ui.github.intro')}</p>
      {query.isLoading ? (
        <PageSpinner />
      ) : query.isError || !query.data ? (
        <div className="state-card" role="alert">
          <p>{t(`errors.${errorCodeOf(query.error)}`)}</p>
          <Button size="medium" onClick={() => void query.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      ) : connection ? (
        <Connected connection={connection} oauthAvailable={query.data.oauthAvailable} />
      ) : (
        <>
          <h4>{t('ui.github.connect.title')}</h4>
          <ConnectForm projectIdx={projectIdx} oauthAvailable={query.data.oauthAvailable} />
        </>
      )}
    </div>
  );
}

function Connected({
  connection,
  oauthAvailable,
}: {
  connection: GithubConnection;
  oauthAvailable: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { projectIdx } = connection;
  const onError = (error: unknown) => notify(t(`errors.${errorCodeOf(error)}`), 'error');
  const sync = useGithubChange(projectIdx, () => githubApi.sync({ projectIdx }));
  const disconnect = useGithubChange(projectIdx, () => githubApi.disconnect(projectIdx));
  const revoked = connection.status === 'REVOKED';
  return (
    <div className="github-connected" data-testid="github-connected">
      <div className="github-account">
        <span>
          {t('ui.github.account')}: <strong data-testid="github-account">{connection.account}</strong>
        </span>
        <span className="github-muted">{t(`ui.github.authKind.${connection.authKind}`)}</span>
        <span className={`github-badge github-badge--${connection.status}`}>
          {t(`ui.github.status.${connection.status}`)}
        </span>
        {connection.repoUrl && (
          <a href={connection.repoUrl} target="_blank" rel="noopener noreferrer">
            {connection.repo}
          </a>
        )}
      </div>
      {revoked ? (
        <div className="github-revoked" role="alert" data-testid="github-revoked">
          <p>{t('errors.GITHUB_CONNECTION_REMOVED')}</p>
          <h4>{t('ui.github.reconnect')}</h4>
          <ConnectForm projectIdx={projectIdx} oauthAvailable={oauthAvailable} />
        </div>
      ) : (
        <>
          {connection.backfill && <Backfill backfill={connection.backfill} />}
          <RepoSettingsForm
            key={`${connection.repo}/${connection.branch}/${connection.projectKey}`}
            connection={connection}
          />
          <WebhookInfo connection={connection} />
        </>
      )}
      <div className="github-sync">
        <span className="github-muted">
          {connection.lastSyncAt
            ? t('ui.github.lastSync', { time: formatDateTime(connection.lastSyncAt, lang) })
            : t('ui.github.neverSynced')}
        </span>
        {!revoked && connection.repo && (
          <Button
            size="small"
            variant="outline"
            isLoading={sync.isPending}
            data-testid="github-sync-now"
            onClick={() =>
              sync.mutate(undefined, {
                onSuccess: () => notify(t('ui.github.syncQueued'), 'success'),
                onError,
              })
            }
          >
            {t('ui.github.syncNow')}
          </Button>
        )}
      </div>
      <SyncLog projectIdx={projectIdx} />
      <div className="github-danger">
        <ConfirmDeleteButton
          label={t('ui.github.disconnect')}
          question={t('ui.github.disconnectQuestion')}
          isLoading={disconnect.isPending}
          onConfirm={() =>
            disconnect.mutate(undefined, {
              onSuccess: () => notify(t('ui.github.disconnected'), 'success'),
              onError,
            })
          }
        />
      </div>
    </div>
  );
}

/** The import of recent commits and pull requests after connecting: done of total while it runs. */
function Backfill({ backfill }: { backfill: GithubBackfill }) {
  const { t } = useTranslation();
  const labelId = useId();
  if (backfill.state === 'failed')
    return (
      <p className="field__error" role="alert">
        {t('ui.github.backfill.failed')}
      </p>
    );
  if (backfill.state !== 'running') return null;
  const total = Math.max(backfill.total, 0);
  return (
    <div className="github-backfill" data-testid="github-backfill">
      <span id={labelId}>{t('ui.github.backfill.label')}</span>
      <progress
        aria-labelledby={labelId}
        max={total || undefined}
        value={total ? Math.min(backfill.done, total) : undefined}
      />
      <span className="github-muted">{t('ui.github.backfill.progress', { done: backfill.done, total })}</span>
    </div>
  );
}
